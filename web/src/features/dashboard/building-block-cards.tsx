// Building-block cards: 'Availability' (per-category progress table on desktop, accordion on
// mobile) and 'Building blocks' (quarter grid by category, or by requirement when a category
// option is picked).
import type { BuildingBlockData } from '../../api/generated'
import { Card } from '../../components/card'
import type { TableData } from '../../components/data-table'
import { NoData } from '../../components/status'
import { ComponentId, colours } from '../../config/constants'
import { strings } from '../../config/strings'
import { availabilityCsv, awaitsVerification, describeAvailability, listedAndVerified } from '../../lib/availability'
import {
  GREENS,
  buildingBlockAccordion,
  buildingBlockGrid,
  percentageBucket,
  type AccordionCategory,
} from '../../lib/component-models'
import { BuildingBlockCategoryIcon } from '../../components/icons'

const SOURCE = 'Building block submissions by municipalities'

function Progress({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, value * 100))
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent * 100) / 100}
    >
      <span style={{ width: `${percent}%`, background: colours.buildingBlock }} />
    </div>
  )
}

export function AvailabilityCard({
  summary,
  area,
  mobile,
}: {
  summary: BuildingBlockData | undefined
  area: string
  mobile: boolean
}) {
  const categories = summary?.buildingBlockCategoryStats ?? []
  const table: TableData = {
    title: strings.cards.availability,
    area,
    period: summary?.lastQuarter ?? '',
    source: SOURCE,
    columns: [
      { label: strings.cards.category },
      { label: strings.cards.availability, numeric: true },
      { label: strings.availability.listedProviders, numeric: true },
      { label: strings.availability.verifiedProviders, numeric: true },
    ],
    rows: categories.map((c) => ({
      display: [
        c.description,
        describeAvailability(c.availability, c.providerCount),
        String(c.providerCount),
        String(c.verifiedProviderCount),
      ],
      raw: [c.description, availabilityCsv(c.availability, c.providerCount), c.providerCount, c.verifiedProviderCount],
    })),
  }
  return (
    <Card
      title={strings.cards.availability}
      headingLevel={3}
      table={table}
      testId="card-availability"
      series={{ componentId: ComponentId.BuildingBlock }}
    >
      {categories.length === 0 ? (
        <NoData />
      ) : mobile ? (
        <div className="accordion">
          {categories.map((c) => (
            <details key={c.buildingBlockCategoryId} name="availability">
              <summary>
                <span className="bb-accordion__name">
                  <BuildingBlockCategoryIcon categoryId={c.buildingBlockCategoryId} />
                  {c.description}
                </span>{' '}
                <span>{describeAvailability(c.availability, c.providerCount)}</span>
              </summary>
              <p className="availability-counts">{listedAndVerified(c.providerCount, c.verifiedProviderCount)}</p>
              {c.buildingBlockStats.length === 0 ? (
                <NoData message={strings.messages.noBuildingBlocks} />
              ) : (
                <ul className="plain-list">
                  {c.buildingBlockStats.map((b) => (
                    <li key={b.buildingBlockId}>
                      {b.description}: {describeAvailability(b.availability, b.buildingBlockCount)} (
                      {listedAndVerified(b.buildingBlockCount, b.verifiedProviderCount)})
                    </li>
                  ))}
                </ul>
              )}
            </details>
          ))}
        </div>
      ) : (
        <table className="progress-table">
          <thead>
            <tr>
              <th scope="col">{strings.cards.category}</th>
              <th scope="col">{strings.cards.availability}</th>
              <th scope="col" className="numeric">
                %
              </th>
              <th scope="col" className="numeric">
                {strings.availability.providers}
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.buildingBlockCategoryId}>
                <th scope="row">
                  <BuildingBlockCategoryIcon categoryId={c.buildingBlockCategoryId} />
                  {c.description}
                </th>
                <td>
                  {awaitsVerification(c.availability, c.providerCount) ? (
                    <span className="availability-pending" aria-hidden="true" />
                  ) : (
                    <Progress value={c.availability ?? 0} label={c.description} />
                  )}
                </td>
                <td className="numeric">{describeAvailability(c.availability, c.providerCount)}</td>
                <td className="numeric availability-counts">
                  {listedAndVerified(c.providerCount, c.verifiedProviderCount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {categories.some((c) => c.availabilityState === 'belowCoverage') ? (
        <p className="availability-note" data-testid="coverage-rule">
          {strings.availability.coverageRule}
        </p>
      ) : null}
      {categories.length > 0 ? <AvailabilityDefinition /> : null}
    </Card>
  )
}

/**
 * What each availability figure on a card means and when it is shown
 * (docs/decisions/0141-availability-needs-coverage.md), one click from the figures.
 */
export function AvailabilityDefinition() {
  const a = strings.availability
  return (
    <details className="figure-definition" data-testid="availability-definition">
      <summary>{a.definitionTitle}</summary>
      <ul>
        <li>{a.definitionRequirement}</li>
        <li>{a.definitionBlock}</li>
        <li>{a.definitionUnverified}</li>
        <li>{a.definitionCoverage}</li>
      </ul>
    </details>
  )
}

/** One figure of a quarter, coloured by its green band (or the 'Not yet verified' pattern). */
function QuarterValue({ value, listed }: { value: number | null; listed: number }) {
  return (
    <span
      className={`quarter-grid__cell${awaitsVerification(value, listed) ? ' quarter-grid__cell--pending' : ''}`}
      style={{
        background: value == null ? undefined : GREENS[percentageBucket(value * 100)],
        color: value != null && percentageBucket(value * 100) >= 3 ? '#fff' : undefined,
      }}
    >
      {describeAvailability(value, listed)}
    </span>
  )
}

/** The quarters of one requirement, one row each (quarter, availability). */
function QuarterRows({
  periods,
  cells,
  listed,
  label,
}: {
  periods: string[]
  cells: (number | null)[]
  listed: number
  label: string
}) {
  return (
    <table className="quarter-rows" data-testid="quarter-rows">
      <caption className="visually-hidden">{label}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{strings.cards.quarter}</th>
          <th scope="col">{strings.cards.availability}</th>
        </tr>
      </thead>
      <tbody>
        {periods.map((p, i) => (
          <tr key={p}>
            <th scope="row">{p}</th>
            <td>
              <QuarterValue value={cells[i] ?? null} listed={listed} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The building blocks card on phones (spec §2, §4 "Accordion"): category > block > requirement,
 * one open at each level; each requirement shows its quarters in rows, so nothing is wider than
 * the screen.
 */
function QuarterAccordion({ periods, categories }: { periods: string[]; categories: AccordionCategory[] }) {
  const latest = periods.length - 1
  return (
    <div className="accordion bb-accordion" data-testid="bb-quarter-accordion">
      {categories.map((c) => (
        <details key={c.id} name="bb-quarter-category" data-testid="bb-accordion-category">
          <summary>
            <span className="bb-accordion__name">
              <BuildingBlockCategoryIcon categoryId={c.id} />
              {c.label}
            </span>
            <span>{describeAvailability(c.cells[latest] ?? null, c.listed)}</span>
          </summary>
          {c.blocks.length === 0 ? (
            <NoData message={strings.messages.noBuildingBlocks} />
          ) : (
            c.blocks.map((b) => (
              <details
                key={b.id}
                name={`bb-quarter-block-${c.id}`}
                className="bb-accordion__block"
                data-testid="bb-accordion-block"
              >
                <summary>
                  <span>{b.label}</span>
                  <span>{describeAvailability(b.cells[latest] ?? null, b.listed)}</span>
                </summary>
                {b.requirements.map((r) => (
                  <details
                    key={r.id}
                    name={`bb-quarter-requirement-${b.id}`}
                    className="bb-accordion__requirement"
                    data-testid="bb-accordion-requirement"
                  >
                    <summary>
                      <span>{r.label}</span>
                    </summary>
                    <QuarterRows periods={periods} cells={r.cells} listed={b.listed} label={`${b.label}: ${r.label}`} />
                  </details>
                ))}
              </details>
            ))
          )}
        </details>
      ))}
    </div>
  )
}

export function BuildingBlocksCard({
  summary,
  area,
  pickedCategory,
  pickedBlocks = [],
  mobile = false,
}: {
  summary: BuildingBlockData | undefined
  area: string
  pickedCategory: string | null
  pickedBlocks?: string[]
  /** Phones get the accordion instead of the quarter grid. */
  mobile?: boolean
}) {
  const grid = buildingBlockGrid(summary, pickedCategory, pickedBlocks)
  const rowHeader = grid.byRequirement ? strings.cards.requirement : strings.cards.category
  const table: TableData = {
    title: strings.cards.buildingBlocks,
    area,
    period: grid.periods.join(', '),
    source: SOURCE,
    columns: [{ label: rowHeader }, ...grid.periods.map((p) => ({ label: p, numeric: true }))],
    rows: grid.rows.map((r) => ({
      display: [r.label, ...r.cells.map((v) => describeAvailability(v, r.listed))],
      raw: [r.label, ...r.cells.map((v) => availabilityCsv(v, r.listed))],
    })),
  }
  const empty = grid.rows.length === 0 || grid.periods.length === 0
  // Today's coverage of what the grid shows, one line per category or block.
  const coverage = (
    <ul className="plain-list availability-note" data-testid="bb-coverage">
      {grid.coverage.map((c) => (
        <li key={c.label}>{strings.availability.coverageNow(c.label, listedAndVerified(c.listed, c.verified))}</li>
      ))}
    </ul>
  )
  return (
    <Card
      title={strings.cards.buildingBlocks}
      headingLevel={3}
      table={table}
      testId="card-building-blocks"
      series={{ componentId: ComponentId.BuildingBlock }}
    >
      {empty ? (
        <NoData />
      ) : mobile ? (
        <QuarterAccordion {...buildingBlockAccordion(summary, pickedCategory, pickedBlocks)} />
      ) : (
        <div className="quarter-grid" role="table" aria-label={strings.cards.buildingBlocks}>
          <div role="row" className="quarter-grid__row quarter-grid__row--head">
            <span role="columnheader">{rowHeader}</span>
            {grid.periods.map((p) => (
              <span role="columnheader" key={p}>
                {p}
              </span>
            ))}
          </div>
          {grid.rows.map((r) => (
            <div role="row" className="quarter-grid__row" key={r.label} data-testid="quarter-grid-row">
              <span role="rowheader">{r.label}</span>
              {r.cells.map((v, i) => (
                <span role="cell" key={i} className="quarter-grid__slot">
                  <QuarterValue value={v} listed={r.listed} />
                </span>
              ))}
            </div>
          ))}
        </div>
      )}
      {empty ? null : (
        <>
          {coverage}
          <AvailabilityDefinition />
        </>
      )}
    </Card>
  )
}
