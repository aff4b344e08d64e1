// /buildingBlock/taxonomy (CreateNewBuildingBlock,
// docs/decisions/0053-additions-to-the-taxonomy.md): an administrator adds a building block to a
// category or a requirement to a building block, each with its source; the taxonomy as it stands,
// additions marked with their version, and every version with who made it, when and on what source.

import { formatDateTime } from '../../lib/instant'
import { useState } from 'react'
import { Link } from 'react-router'
import { ErrorMessage, Spinner } from '../../components/status'
import { useDocumentTitle } from '../../lib/use-document-title'
import type { ErrorBody, TaxonomyCategory, TaxonomyVersion } from '../../api/generated'
import {
  useCreateBuildingBlockMutation,
  useCreateBuildingBlockRequirementMutation,
  useGetBuildingBlockTaxonomyQuery,
} from './building-block-api'
import { bbStrings as t } from './building-block-strings'
import { taxonomyFileName, taxonomyStrings as s } from './taxonomy-strings'
import './taxonomy.css'

/** Most characters of a name (ShortText) and of a source or description (LineText). */
const NAME_MAX = 100
const LINE_MAX = 250

type Fields = { parent: string; name: string; source: string; description: string }
type Errors = Partial<Record<keyof Fields, string>>
type Notice = { ok: boolean; text: string } | null
const EMPTY: Fields = { parent: '', name: '', source: '', description: '' }

/** The form's own checks (the server checks them again, and more). */
export function validateAddition(f: Fields, parentMissing: string): Errors {
  const e: Errors = {}
  if (!f.parent) e.parent = parentMissing
  if (!f.name.trim()) e.name = s.nameRequired
  if (!f.source.trim()) e.source = s.sourceRequired
  return e
}

/** The field errors of a refused addition, by the form's field names. */
function serverErrors(data: Partial<ErrorBody> | undefined): Errors {
  const out: Errors = {}
  data?.errors?.forEach((e) => {
    const key =
      e.code === 'buildingBlockCategoryId' || e.code === 'buildingBlockId' ? 'parent' : (e.code as keyof Fields)
    out[key] = e.description
  })
  return out
}

/** One addition form: a parent (category or block), a name, a source and, for blocks, a description. */
function AdditionForm({
  kind,
  parents,
  onAdd,
  busy,
}: {
  kind: 'block' | 'requirement'
  parents: { id: number; label: string }[]
  onAdd: (f: Fields) => Promise<{ ok: true; name: string } | { ok: false; data?: Partial<ErrorBody> }>
  busy: boolean
}) {
  const [form, setForm] = useState<Fields>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [notice, setNotice] = useState<Notice>(null)
  const block = kind === 'block'
  const id = `taxonomy-${kind}`
  const set = (patch: Partial<Fields>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => {
      const next = { ...e }
      for (const k of Object.keys(patch) as (keyof Fields)[]) delete next[k]
      return next
    })
  }
  async function send() {
    const found = validateAddition(form, block ? s.categoryRequired : s.blockRequired)
    setErrors(found)
    if (Object.keys(found).length) {
      setNotice(null)
      return
    }
    const result = await onAdd(form)
    if (result.ok) {
      setNotice({ ok: true, text: block ? s.blockAdded(result.name) : s.requirementAdded(result.name) })
      setForm({ ...EMPTY, parent: form.parent })
    } else {
      // A refusal about a field shows beside it; anything else above the form.
      const fields = serverErrors(result.data)
      setErrors(fields)
      setNotice(Object.keys(fields).length ? null : { ok: false, text: result.data?.message ?? s.failed })
    }
  }
  const input = (key: 'name' | 'source' | 'description', label: string, max: number, hint?: string) => (
    <label className="form-field">
      <span>{label}</span>
      <input
        value={form[key]}
        maxLength={max}
        required={key !== 'description'}
        autoComplete="off"
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => set({ [key]: e.target.value })}
        data-testid={`${id}-${key}`}
      />
      {hint ? <span className="form-field__hint">{hint}</span> : null}
      {errors[key] ? <span className="field-errors">{errors[key]}</span> : null}
    </label>
  )
  return (
    <form
      className="bb-form taxonomy-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void send()
      }}
    >
      <h2 id={`${id}-title`}>{block ? s.addBlock : s.addRequirement}</h2>
      {notice ? (
        <p className={notice.ok ? 'form-notice' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <label className="form-field">
        <span>{block ? s.category : s.buildingBlock}</span>
        <select
          value={form.parent}
          required
          aria-invalid={Boolean(errors.parent)}
          onChange={(e) => set({ parent: e.target.value })}
          data-testid={`${id}-parent`}
        >
          <option value="">{s.choose}</option>
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        {errors.parent ? <span className="field-errors">{errors.parent}</span> : null}
      </label>
      {input('name', s.name, NAME_MAX)}
      {input('source', s.source, LINE_MAX, s.sourceHint)}
      {block ? input('description', s.description, LINE_MAX) : null}
      {block ? <p className="form-field__hint">{s.locatedNote}</p> : null}
      <div className="bb-actions">
        <button type="submit" className="button button--primary" disabled={busy} data-testid={`${id}-submit`}>
          {block ? s.addBlockButton : s.addRequirementButton}
        </button>
      </div>
    </form>
  )
}

/** The taxonomy as it stands: categories, blocks and requirements, additions tagged. */
function TaxonomyTree({ categories }: { categories: TaxonomyCategory[] }) {
  const tag = (v: number | null | undefined) =>
    v != null ? <span className="taxonomy-tag">{s.addedTag(v)}</span> : null
  return (
    <section aria-labelledby="taxonomy-tree-title">
      <h2 id="taxonomy-tree-title">{s.taxonomy}</h2>
      <ul className="taxonomy-tree" data-testid="taxonomy-tree">
        {categories.map((c) => (
          <li key={c.buildingBlockCategoryId}>
            <strong>{c.description}</strong>
            <ul>
              {c.buildingBlocks.map((b) => (
                <li key={b.buildingBlockId}>
                  {b.description} {tag(b.addedVersion)}
                  {b.requirements.length ? (
                    <ul>
                      {b.requirements.map((r) => (
                        <li key={r.buildingBlockRequirementId}>
                          {r.description} {tag(r.addedVersion)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="taxonomy-empty">{s.noRequirements}</p>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Every version, newest first: what, under what, on what source, by whom and when. */
function VersionHistory({ versions }: { versions: TaxonomyVersion[] }) {
  // The admin screens' instant: 'YYYY-MM-DD HH:mm' in SAST, no month names to translate.
  const when = (at: string) => formatDateTime(at)
  return (
    <section aria-labelledby="taxonomy-history-title">
      <h2 id="taxonomy-history-title">{s.history}</h2>
      {versions.length === 0 ? (
        <p>{s.historyEmpty}</p>
      ) : (
        <ol className="taxonomy-history" data-testid="taxonomy-history">
          {versions.map((v) => (
            <li key={v.taxonomyVersion}>
              <p className="taxonomy-history__head">
                <span className="taxonomy-history__version">{v.taxonomyVersion}</span>{' '}
                <span>{s.kinds[v.kind] ?? v.kind}:</span>{' '}
                <strong>{v.kind === 'file' ? taxonomyFileName(v.name, v.fileVersion) : v.name}</strong>
              </p>
              <dl className="taxonomy-history__facts">
                {v.parentName ? (
                  <div>
                    <dt>{s.columns.under}</dt>
                    <dd>{v.parentName}</dd>
                  </div>
                ) : null}
                {v.source ? (
                  <div>
                    <dt>{s.columns.source}</dt>
                    <dd>{v.source}</dd>
                  </div>
                ) : null}
                {v.description ? (
                  <div>
                    <dt>{s.columns.description}</dt>
                    <dd>{v.description}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{s.columns.by}</dt>
                  <dd>{v.kind === 'file' && v.by === 'import' ? s.importedBy : v.by}</dd>
                </div>
                <div>
                  <dt>{s.columns.when}</dt>
                  <dd>
                    <time dateTime={v.at}>{when(v.at)}</time>
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

export function TaxonomyAdmin() {
  useDocumentTitle(s.title)
  const taxonomy = useGetBuildingBlockTaxonomyQuery()
  const [createBlock, creatingBlock] = useCreateBuildingBlockMutation()
  const [createRequirement, creatingRequirement] = useCreateBuildingBlockRequirementMutation()
  if (taxonomy.isLoading) return <Spinner />
  if (taxonomy.isError || !taxonomy.data) return <ErrorMessage />
  const { categories, versions, taxonomyVersion } = taxonomy.data
  const refused = (result: { error?: unknown }) => ({
    ok: false as const,
    data: (result.error as { data?: Partial<ErrorBody> } | undefined)?.data,
  })
  return (
    <section className="bb-manage taxonomy-admin" aria-labelledby="taxonomy-title">
      <p>
        <Link to="/buildingBlock/">{t.back}</Link>
      </p>
      <h1 id="taxonomy-title">{s.title}</h1>
      <p>{s.intro}</p>
      <p className="taxonomy-version" data-testid="taxonomy-version">
        {s.version(taxonomyVersion)}
      </p>
      <div className="taxonomy-forms">
        <AdditionForm
          kind="block"
          busy={creatingBlock.isLoading}
          parents={categories.map((c) => ({ id: c.buildingBlockCategoryId, label: c.description }))}
          onAdd={async (f) => {
            const result = await createBlock({
              createBuildingBlockBody: {
                buildingBlockCategoryId: Number(f.parent),
                name: f.name.trim(),
                source: f.source.trim(),
                description: f.description.trim() || null,
              },
            })
            return 'data' in result && result.data?.success ? { ok: true, name: f.name.trim() } : refused(result)
          }}
        />
        <AdditionForm
          kind="requirement"
          busy={creatingRequirement.isLoading}
          parents={categories.flatMap((c) =>
            c.buildingBlocks.map((b) => ({ id: b.buildingBlockId, label: `${b.description} (${c.description})` })),
          )}
          onAdd={async (f) => {
            const result = await createRequirement({
              createRequirementBody: {
                buildingBlockId: Number(f.parent),
                name: f.name.trim(),
                source: f.source.trim(),
              },
            })
            return 'data' in result && result.data?.success ? { ok: true, name: f.name.trim() } : refused(result)
          }}
        />
      </div>
      <div className="taxonomy-columns">
        <VersionHistory versions={versions} />
        <TaxonomyTree categories={categories} />
      </div>
    </section>
  )
}
