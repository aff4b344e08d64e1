// /buildingBlock/ (public spec §2 "Building block dashboard"): the user's municipalities with
// verified/total per building block, coloured by completion (§4), filtered by three cascading
// selects (province with 'All', district, local municipality); a table on desktop, an accordion
// on mobile. Clicking a block opens its manage screen.
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { ErrorMessage } from '../../components/status'
import { Action } from '../../config/constants'
import { Credits } from '../../components/credits'
import { BuildingBlockCategoryIcon } from '../../components/icons'
import { buildingBlockAttribution, strings } from '../../config/strings'
import { useDocumentTitle } from '../../lib/use-document-title'
import { can } from '../../session/landing'
import { useSession } from '../../session/use-session'
import { useIsMobileDashboard } from '../../lib/use-media-query'
import { LoadingOverlay, useLingeringFlag } from '../../components/loading-overlay'
import type { AssignedMunicipality, BlockCompletion } from '../../api/generated'
import { associatedArgs, completionClass, useGetBuildingBlocksAssociatedToUserQuery } from './building-block-api'
import { bulkLoadStrings, countWords, queueStrings, bbStrings as t } from './building-block-strings'
import { lifecycleStrings } from './lifecycle-strings'
import { taxonomyStrings } from './taxonomy-strings'
import './queue.css'

/** The manage screen's path; ids are encoded (spec §2: "encoded ids"). */
export function managePath(boundaryId: number, bldId: number): string {
  return `/buildingBlock/manage/${encodeId(boundaryId)}/${encodeId(bldId)}`
}
export function encodeId(id: number): string {
  return btoa(String(id)).replace(/=+$/, '')
}
export function decodeId(s: string | undefined): number | null {
  if (!s) return null
  try {
    const n = Number(atob(s))
    return Number.isInteger(n) && n > 0 ? n : null
  } catch {
    return null
  }
}

/** The words of a cell's counts: verified of total, then what waits (none when nothing). */
export function cellWords(b: BlockCompletion): string[] {
  return [
    countWords.verified(b.totalVerifiedBuildingBlockCount, b.totalBuildingBlockCount),
    b.submittedCount ? countWords.submitted(b.submittedCount) : '',
    b.returnedCount ? countWords.returned(b.returnedCount) : '',
    b.notCapturedCount ? countWords.notCaptured(b.notCapturedCount) : '',
  ].filter(Boolean)
}

function BlockCell({ m, b }: { m: AssignedMunicipality; b: BlockCompletion }) {
  const waiting = [
    b.submittedCount ? `${b.submittedCount} waiting` : '',
    b.returnedCount ? `${b.returnedCount} returned` : '',
  ].filter(Boolean)
  return (
    <Link
      to={managePath(m.stakeholderId, b.buildingBlockId)}
      className={`bb-count ${completionClass(b.completion)}`}
      aria-label={`${b.description} in ${m.name}: ${cellWords(b).join(', ')}`}
      title={cellWords(b).join(', ')}
    >
      {b.totalVerifiedBuildingBlockCount}/{b.totalBuildingBlockCount}
      {waiting.length ? (
        <span className="bb-waiting" data-testid="bb-waiting">
          {waiting.join(' · ')}
        </span>
      ) : null}
    </Link>
  )
}

/** Providers submitted and returned across the municipalities shown. */
export function totals(all: AssignedMunicipality[]): { submitted: number; returned: number } {
  const blocks = all.flatMap((m) => m.buildingBlockCategories.flatMap((c) => c.buildingBlocks))
  return {
    submitted: blocks.reduce((n, b) => n + b.submittedCount, 0),
    returned: blocks.reduce((n, b) => n + b.returnedCount, 0),
  }
}

function Legend() {
  return (
    <ul className="bb-legend" aria-label={strings.map.legend}>
      <li>
        <span className="bb-swatch bb-complete" />
        {t.legendComplete}
      </li>
      <li>
        <span className="bb-swatch bb-progress" />
        {t.legendProgress}
      </li>
      <li>
        <span className="bb-swatch bb-incomplete" />
        {t.legendIncomplete}
      </li>
    </ul>
  )
}

/**
 * The dashboard's heading by who reads it (docs/decisions/0035-government-staff-accounts.md): a
 * province's designated person (holds ValidateBuildingBlock) sees their provinces and how many
 * municipalities; a municipality's designated person their municipality; an administrator who
 * sees everything the specification's "System Admin" heading.
 */
export function dashboardHeading(
  municipalities: readonly { name: string; provinceName: string }[],
  role: { reviews: boolean; administers: boolean },
): string {
  if (!municipalities.length) return t.title
  const provinces = uniq(municipalities.map((m) => m.provinceName))
  const provinceText = provinces.length === 1 ? provinces[0] : t.provinceCount(provinces.length)
  if (role.administers) return t.systemAdmin(provinceText, municipalities.length)
  if (role.reviews) return t.provincialHeading(provinceText, municipalities.length)
  return t.municipalHeading(
    municipalities.length === 1 ? municipalities[0].name : t.municipalityCount(municipalities.length),
  )
}

function uniq(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b))
}

export function BuildingBlockDashboard() {
  const query = useGetBuildingBlocksAssociatedToUserQuery(associatedArgs(null))
  const { session } = useSession()
  const waiting = query.data ? totals(query.data) : null
  useDocumentTitle(
    waiting
      ? `${t.title} (${countWords.submitted(waiting.submitted)}, ${countWords.returned(waiting.returned)})`
      : t.title,
  )
  const mayQueue = can(session, Action.EditBuildingBlock) || can(session, Action.ValidateBuildingBlock)
  const overlay = useLingeringFlag(query.isLoading, 1000)
  const mobile = useIsMobileDashboard()
  const [province, setProvince] = useState('')
  const [district, setDistrict] = useState('')
  const [municipality, setMunicipality] = useState('')
  const all = useMemo(() => query.data ?? [], [query.data])
  const provinces = uniq(all.map((m) => m.provinceName))
  const districts = province ? uniq(all.filter((m) => m.provinceName === province).map((m) => m.districtName)) : []
  const municipalities = district ? all.filter((m) => m.districtName === district) : []
  const shown = all.filter(
    (m) =>
      (!province || m.provinceName === province) &&
      (!district || m.districtName === district) &&
      (!municipality || String(m.stakeholderId) === municipality),
  )
  const heading = dashboardHeading(all, {
    reviews: can(session, Action.ValidateBuildingBlock),
    administers: can(session, Action.WorldOfImpactAdmin),
  })
  const categories = all[0]?.buildingBlockCategories ?? []

  return (
    <section className="bb-dashboard" aria-labelledby="bb-title">
      {overlay ? <LoadingOverlay /> : null}
      <Credits lines={buildingBlockAttribution} />
      <h1 id="bb-title">{heading}</h1>
      {mayQueue && waiting ? (
        <p className="bb-queue-link">
          <Link to="/buildingBlock/queue" data-testid="bb-queue-link">
            {queueStrings.link(waiting.submitted, waiting.returned)}
          </Link>
        </p>
      ) : null}
      {can(session, Action.ImportBuildingBlockData) ? (
        <p className="bb-queue-link">
          <Link to="/buildingBlock/bulkLoad" data-testid="bb-bulk-load-link">
            {bulkLoadStrings.link}
          </Link>
        </p>
      ) : null}
      {can(session, Action.AddBuildingBlock) ? (
        <p className="bb-queue-link">
          <Link to="/buildingBlock/propose" data-testid="bb-propose-link">
            {lifecycleStrings.proposeLink}
          </Link>
        </p>
      ) : null}
      {can(session, Action.CreateNewBuildingBlock) ? (
        <p className="bb-queue-link">
          <Link to="/buildingBlock/taxonomy" data-testid="bb-taxonomy-link">
            {taxonomyStrings.link}
          </Link>
        </p>
      ) : null}
      <div className="bb-filters">
        <label>
          {t.province}
          <select
            value={province}
            onChange={(e) => {
              setProvince(e.target.value)
              setDistrict('')
              setMunicipality('')
            }}
          >
            <option value="">{t.all}</option>
            {provinces.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label>
          {t.district}
          <select
            value={district}
            disabled={!districts.length}
            onChange={(e) => {
              setDistrict(e.target.value)
              setMunicipality('')
            }}
          >
            <option value="">{t.all}</option>
            {districts.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <label>
          {t.municipality}
          <select
            value={municipality}
            disabled={!municipalities.length}
            onChange={(e) => setMunicipality(e.target.value)}
          >
            <option value="">{t.all}</option>
            {municipalities.map((m) => (
              <option key={m.stakeholderId} value={m.stakeholderId}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Legend />
      {query.isError ? (
        <ErrorMessage />
      ) : !query.isLoading && shown.length === 0 ? (
        <p className="no-data">{t.noData}</p>
      ) : mobile ? (
        <div className="accordion">
          {shown.map((m) => (
            <details key={m.stakeholderId} name="bb-municipality">
              <summary>{m.name}</summary>
              {m.buildingBlockCategories.map((c) => (
                <div key={c.buildingBlockCategoryId} className="bb-category">
                  <h3>
                    <BuildingBlockCategoryIcon categoryId={c.buildingBlockCategoryId} />
                    {c.description}
                  </h3>
                  <ul className="plain-list">
                    {c.buildingBlocks.map((b) => (
                      <li key={b.buildingBlockId}>
                        {b.description} <BlockCell m={m} b={b} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </details>
          ))}
        </div>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={heading}>
          <table className="bb-table">
            <thead>
              <tr>
                <th scope="col" rowSpan={2}>
                  {t.municipality}
                </th>
                {categories.map((c) => (
                  <th scope="colgroup" key={c.buildingBlockCategoryId} colSpan={c.buildingBlocks.length}>
                    <BuildingBlockCategoryIcon categoryId={c.buildingBlockCategoryId} />
                    {c.description}
                  </th>
                ))}
              </tr>
              <tr>
                {categories.flatMap((c) =>
                  c.buildingBlocks.map((b) => (
                    <th scope="col" key={b.buildingBlockId}>
                      {b.description}
                    </th>
                  )),
                )}
              </tr>
            </thead>
            <tbody>
              {shown.map((m) => (
                <tr key={m.stakeholderId}>
                  <th scope="row">
                    {m.name}
                    <br />
                    <small>{m.provinceName}</small>
                  </th>
                  {m.buildingBlockCategories.flatMap((c) =>
                    c.buildingBlocks.map((b) => (
                      <td key={b.buildingBlockId}>
                        <BlockCell m={m} b={b} />
                      </td>
                    )),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
