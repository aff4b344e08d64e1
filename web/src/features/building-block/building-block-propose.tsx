// /buildingBlock/propose (AddBuildingBlock, docs/decisions/0100-proposed-and-closed-providers.md):
// the municipality's designated person proposes a provider missing from the directory: name,
// building block, municipality, office numbers, and its place chosen on the map (or typed) or
// its physical address; for a shelter neither is asked. It counts nowhere until a designated
// person of the province confirms it exists.
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { ErrorBoundary } from 'react-error-boundary'
import { supportsWebGL2 } from '../../lib/webgl'
import { skipToken } from '@reduxjs/toolkit/query'
import { ErrorMessage, Spinner } from '../../components/status'
import { useDocumentTitle } from '../../lib/use-document-title'
import { useGetGeojsonQuery } from '../../api/public-api'
import type { ErrorBody } from '../../api/generated'
import {
  associatedArgs,
  useGetBuildingBlocksAssociatedToUserQuery,
  useProposeProviderMutation,
} from './building-block-api'
import { bbStrings as t } from './building-block-strings'
import { lifecycleStrings as l } from './lifecycle-strings'

const PointPicker = lazy(() => import('./point-picker').then((m) => ({ default: m.PointPicker })))

/** The shelters' building block: no point or address is ever asked for or kept. */
export const SHELTER_BUILDING_BLOCK_ID = 5
const LINE_MAX = 250

type Form = {
  name: string
  buildingBlockId: string
  municipalityId: string
  receptionNumber: string
  alternateNumber: string
  physicalAddress: string
  longitude: string
  latitude: string
}
type Errors = Partial<Record<keyof Form | 'point', string>>

const EMPTY: Form = {
  name: '',
  buildingBlockId: '',
  municipalityId: '',
  receptionNumber: '',
  alternateNumber: '',
  physicalAddress: '',
  longitude: '',
  latitude: '',
}

/** The form's own checks (the server checks them again, and more). */
export function validateProposal(f: Form): Errors {
  const e: Errors = {}
  if (!f.name.trim()) e.name = l.nameRequired
  if (!f.buildingBlockId) e.buildingBlockId = l.blockRequired
  if (!f.municipalityId) e.municipalityId = l.municipalityRequired
  for (const k of ['receptionNumber', 'alternateNumber'] as const) {
    if (/[^\d\s]/.test(f[k])) e[k] = l.digitsOnly
  }
  return e
}

function number(v: string): number | null {
  const n = Number(v)
  return v.trim() && Number.isFinite(n) ? n : null
}

export function ProposeProvider() {
  useDocumentTitle(l.proposeTitle)
  const associated = useGetBuildingBlocksAssociatedToUserQuery(associatedArgs(null))
  const [propose, proposing] = useProposeProviderMutation()
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)
  const municipalities = associated.data ?? []
  const municipalityId =
    form.municipalityId || (municipalities.length === 1 ? String(municipalities[0].stakeholderId) : '')
  const area = useGetGeojsonQuery(municipalityId ? { id: Number(municipalityId) } : skipToken)
  const blocks = (municipalities[0]?.buildingBlockCategories ?? []).flatMap((c) => c.buildingBlocks)
  const shelter = form.buildingBlockId === String(SHELTER_BUILDING_BLOCK_ID)
  const point: [number, number] | null =
    number(form.longitude) != null && number(form.latitude) != null
      ? [number(form.longitude)!, number(form.latitude)!]
      : null
  // A changed field loses its error; the notice goes with the last one.
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => {
      const next = { ...e }
      for (const k of Object.keys(patch) as (keyof Form)[]) delete next[k]
      if ('longitude' in patch || 'latitude' in patch || 'physicalAddress' in patch) delete next.point
      if (Object.keys(next).length === 0) setNotice((n) => (n?.ok ? n : null))
      return next
    })
  }

  if (associated.isLoading) return <Spinner />
  if (associated.isError) return <ErrorMessage />

  async function send() {
    const f = { ...form, municipalityId }
    const found = validateProposal(f)
    setErrors(found)
    if (Object.keys(found).length) {
      setNotice({ ok: false, text: l.correctErrors })
      return
    }
    const optional = (v: string) => (v.trim() ? v.trim() : null)
    const result = await propose({
      proposeBody: {
        name: f.name.trim(),
        buildingBlockId: Number(f.buildingBlockId),
        municipalityId: Number(f.municipalityId),
        receptionNumber: optional(f.receptionNumber),
        alternateNumber: optional(f.alternateNumber),
        physicalAddress: shelter ? null : optional(f.physicalAddress),
        longitude: shelter ? null : number(f.longitude),
        latitude: shelter ? null : number(f.latitude),
      },
    })
    if ('data' in result && result.data?.success) {
      setNotice({ ok: true, text: l.proposed })
      setForm({ ...EMPTY, municipalityId: f.municipalityId })
      setErrors({})
    } else {
      const data = (result as { error?: { data?: Partial<ErrorBody> } }).error?.data
      const fieldErrors: Errors = {}
      data?.errors?.forEach((e) => {
        fieldErrors[e.code as keyof Errors] = e.description
      })
      setErrors(fieldErrors)
      setNotice({ ok: false, text: data?.message ?? l.failed })
    }
  }

  const field = (key: keyof Form, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label className="form-field">
      <span>{label}</span>
      <input
        value={form[key]}
        maxLength={LINE_MAX}
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => set({ [key]: e.target.value })}
        {...props}
      />
      {errors[key] ? <span className="field-errors">{errors[key]}</span> : null}
    </label>
  )

  return (
    <section className="bb-manage bb-propose" aria-labelledby="propose-title">
      <p>
        <Link to="/buildingBlock/">{t.back}</Link>
      </p>
      <h1 id="propose-title">{l.proposeTitle}</h1>
      <p>{l.proposeIntro}</p>
      {notice ? (
        <p className={notice.ok ? 'form-notice' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text} {notice.ok ? <Link to="/buildingBlock/queue">{l.toQueue}</Link> : null}
        </p>
      ) : null}
      <form
        className="bb-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void send()
        }}
      >
        {field('name', l.name, { required: true, autoComplete: 'off' })}
        <label className="form-field">
          <span>{l.buildingBlock}</span>
          <select
            value={form.buildingBlockId}
            required
            aria-invalid={Boolean(errors.buildingBlockId)}
            onChange={(e) => set({ buildingBlockId: e.target.value })}
          >
            <option value="">{l.choose}</option>
            {blocks.map((b) => (
              <option key={b.buildingBlockId} value={b.buildingBlockId}>
                {b.description}
              </option>
            ))}
          </select>
          {errors.buildingBlockId ? <span className="field-errors">{errors.buildingBlockId}</span> : null}
        </label>
        <label className="form-field">
          <span>{l.municipality}</span>
          <select
            value={municipalityId}
            required
            aria-invalid={Boolean(errors.municipalityId)}
            onChange={(e) => set({ municipalityId: e.target.value })}
          >
            <option value="">{l.choose}</option>
            {municipalities.map((m) => (
              <option key={m.stakeholderId} value={m.stakeholderId}>
                {m.name} ({m.provinceName})
              </option>
            ))}
          </select>
          {errors.municipalityId ? <span className="field-errors">{errors.municipalityId}</span> : null}
        </label>
        {field('receptionNumber', l.receptionNumber, { inputMode: 'tel', autoComplete: 'off' })}
        {field('alternateNumber', l.alternateNumber, { inputMode: 'tel', autoComplete: 'off' })}
        {shelter ? (
          <p className="form-field__hint">{l.shelterNote}</p>
        ) : (
          <fieldset className="bb-propose__location">
            <legend>{l.location}</legend>
            <p className="form-field__hint">{l.locationHint}</p>
            {errors.point ? (
              <p className="field-errors" role="alert">
                {errors.point}
              </p>
            ) : null}
            {municipalityId && !supportsWebGL2() ? (
              <p className="message message--info">{l.noMap}</p>
            ) : municipalityId ? (
              <ErrorBoundary fallback={<p className="message message--info">{l.noMap}</p>}>
                <Suspense fallback={<Spinner />}>
                  <PointPicker
                    area={area.data}
                    point={point}
                    label={l.mapLabel(
                      municipalities.find((m) => String(m.stakeholderId) === municipalityId)?.name ?? '',
                    )}
                    onPick={([lon, lat]) => set({ longitude: String(lon), latitude: String(lat) })}
                  />
                </Suspense>
              </ErrorBoundary>
            ) : null}
            <div className="bb-propose__coordinates">
              {field('latitude', l.latitude, { inputMode: 'decimal' })}
              {field('longitude', l.longitude, { inputMode: 'decimal' })}
              {point ? (
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => set({ longitude: '', latitude: '' })}
                >
                  {l.clearPoint}
                </button>
              ) : null}
            </div>
            {field('physicalAddress', l.physicalAddress, { autoComplete: 'off' })}
          </fieldset>
        )}
        <div className="bb-actions">
          <button type="submit" className="button button--primary" disabled={proposing.isLoading}>
            {l.submit}
          </button>
        </div>
      </form>
    </section>
  )
}
