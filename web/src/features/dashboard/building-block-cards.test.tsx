// The public building-block cards with the figures of the Johannesburg police scenario
// (docs/decisions/0141-availability-needs-coverage.md): Hillbrow SAPS verified with 2 of its 4
// requirements, 1 of the municipality's 43 stations. Availability counts verified providers
// only and reads "Not yet verified" below the coverage rule, with "1 of 43 verified" beside
// it; with 22 of 43 verified the figure is shown. Each card opens the definition of its figures.
import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AvailabilityState, BuildingBlockData } from '../../api/generated'
import { strings } from '../../config/strings'
import { boundaries } from '../../test/mocks/fixtures'
import { AvailabilityCard, BuildingBlocksCard } from './building-block-cards'

const REQUIREMENTS = ['Victim-friendly room', 'Trained GBV desk officer', 'Rape kits in stock', 'Sign language']

/**
 * The answer for Johannesburg with `verified` of its 43 stations verified; `availability` is
 * the server's figure (null below coverage) and `met` the verified stations meeting each
 * requirement.
 */
function johannesburg(verified: number, availability: number | null, met: number[]): BuildingBlockData {
  const state: AvailabilityState = availability == null ? 'belowCoverage' : 'figure'
  return {
    boundary: boundaries[0],
    containedBoundaryData: [],
    lastQuarter: 'Q4 26',
    buildingBlockReportingPeriods: [{ period: 'Q4 26', year: 2026, quarter: 4, isCurrent: true }],
    buildingBlockCategoryStats: [
      {
        buildingBlockCategoryId: 1,
        description: 'Police',
        isIncluded: true,
        availability,
        availabilityState: state,
        periodAvailability: {},
        providerCount: 43,
        verifiedProviderCount: verified,
        buildingBlockStats: [
          {
            buildingBlockId: 1,
            description: 'SAPS police station',
            buildingBlockCount: 43,
            verifiedProviderCount: verified,
            periodAvailability: {},
            options: [],
            subOptions: [],
            availability,
            availabilityState: state,
            buildingBlockRequirementStats: REQUIREMENTS.map((description, i) => ({
              buildingBlockRequirementId: i + 1,
              description,
              availability: availability == null ? null : met[i] / verified,
              availabilityState: state,
              periodAvailability: {},
              providerCount: 43,
              verifiedProviderCount: verified,
            })),
          },
        ],
      },
    ],
  }
}

describe('building-block cards: availability over verified providers, with coverage', () => {
  // Hillbrow SAPS alone: 2 of its 4 requirements met. The old measure read 2 ÷ 172 = 1.16 %
  // (2 ÷ 168 = 1.19 % over 42 stations); now it is too few to speak for Johannesburg.
  const below = johannesburg(1, null, [1, 1, 0, 0])

  it('reads Not yet verified with "1 of 43 verified" and the rule, never a percentage', async () => {
    render(<AvailabilityCard summary={below} area="Johannesburg" mobile={false} />)
    const card = screen.getByTestId('card-availability')
    expect(card.textContent).toContain(strings.availability.notYetVerified)
    expect(card.textContent).toContain('1 of 43 verified')
    expect(card.textContent).not.toMatch(/1\.1[69]%/)
    expect(within(card).getByTestId('coverage-rule').textContent).toBe(strings.availability.coverageRule)
    // The definition of the figure, one click away.
    const definition = within(card).getByTestId('availability-definition')
    expect(definition.hasAttribute('open')).toBe(false)
    await userEvent.click(within(definition).getByText(strings.availability.definitionTitle))
    expect(definition.hasAttribute('open')).toBe(true)
    for (const text of [
      strings.availability.definitionRequirement,
      strings.availability.definitionBlock,
      strings.availability.definitionUnverified,
      strings.availability.definitionCoverage,
    ])
      expect(definition.textContent).toContain(text)
  })

  it('gives the requirement grid the coverage below it and the same definition', () => {
    render(<BuildingBlocksCard summary={below} area="Johannesburg" pickedCategory="1" />)
    const card = screen.getByTestId('card-building-blocks')
    const cells = within(card).getAllByRole('cell')
    expect(cells.map((c) => c.textContent)).toEqual(REQUIREMENTS.map(() => strings.availability.notYetVerified))
    expect(within(card).getByTestId('bb-coverage').textContent).toBe('SAPS police station: 1 of 43 verified')
    expect(within(card).getByTestId('availability-definition')).toBeTruthy()
  })

  it('shows the figure over the verified stations once 22 of 43 are verified', () => {
    // 22 verified stations, 88 requirement slots, 23 met: 26.14 % (over all 43 it would read 13.37 %).
    const covered = johannesburg(22, 23 / 88, [12, 11, 0, 0])
    render(<AvailabilityCard summary={covered} area="Johannesburg" mobile={false} />)
    const card = screen.getByTestId('card-availability')
    expect(card.textContent).toContain('26.14%')
    expect(card.textContent).toContain('22 of 43 verified')
    expect(within(card).queryByTestId('coverage-rule')).toBeNull()
    expect(within(card).getByTestId('availability-definition')).toBeTruthy()
  })
})
