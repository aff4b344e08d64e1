// Additions to the building-block taxonomy (docs/decisions/0053-additions-to-the-taxonomy.md)
// against the real server: a building-block administrator (CreateNewBuildingBlock) opens the
// screen from the building-block dashboard, is told what is missing, adds a building block and a
// requirement under it with their source, and sees both in the taxonomy and in the versions with
// their name, source and author; the public availability lists the new block as not yet known,
// never 0 %. A municipality's designated person (no CreateNewBuildingBlock) sees no link and cannot
// open the screen. Screenshots at 1366 and 390 px; axe clean.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, open, screenshot } from './lib/app.mjs'
import { adminSession, choosePassword } from './lib/api-session.mjs'
import { axeClean, signIn } from './lib/staff.mjs'

const browser = useBrowser(assertReachable)
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const PASSWORD = 'Taxonomy(Key)7Add'
const BLOCK = `Counselling centre ${unique}`
const REQUIREMENT = `Social worker on duty ${unique}`
const SOURCE = 'Provincial DSD circular 2026/14'

test('an administrator adds a building block and a requirement with their source and sees them', async () => {
  const admin = await adminSession(`taxonomy-admin-${unique}@example.org`, PASSWORD)
  const provinces = await api('/geography/boundary/list/2/1')
  const districts = await api(`/geography/boundary/list/2/${provinces[0].boundaryId}`)
  const municipality = (await api(`/geography/boundary/list/3/${districts[0].boundaryId}`))[0].boundaryId
  const people = {
    taxonomist: { email: `taxonomist-${unique}@example.org`, name: 'Naledi Khumalo', group: 3 },
    municipal: { email: `taxonomy-municipal-${unique}@example.org`, name: 'Johan Botha', group: 5 },
  }
  for (const p of Object.values(people)) {
    await admin.json('POST', '/api/security/createNewUser', {
      titleId: 3,
      name: p.name,
      roleId: 3,
      groupIds: [p.group],
      contacts: [{ contactTypeId: 1, detail: p.email }],
      stakeholderRelationships: [
        p.group === 5
          ? { stakeholderRelationshipTypeId: 6, municipalityId: municipality }
          : { stakeholderRelationshipTypeId: 6, provinceId: provinces[0].boundaryId },
      ],
    })
    await choosePassword(p.email, PASSWORD)
  }

  // Without CreateNewBuildingBlock: no link, and the screen does not open.
  const other = await newPage(browser())
  await signIn(other.page, people.municipal.email, PASSWORD, null)
  await open(other.page, '/buildingBlock/')
  await other.page.locator('#bb-title').waitFor()
  assert.equal(await other.page.getByTestId('bb-taxonomy-link').count(), 0)
  await open(other.page, '/buildingBlock/taxonomy')
  assert.equal(await other.page.getByRole('heading', { name: 'Building blocks and requirements' }).count(), 0)
  await other.context.close()

  // The administrator, on the desktop: the link, the form's own checks, then the additions.
  const { page, context, errors } = await newPage(browser())
  await signIn(page, people.taxonomist.email, PASSWORD, null)
  await open(page, '/buildingBlock/')
  await page.getByTestId('bb-taxonomy-link').click()
  await page.getByRole('heading', { level: 1, name: 'Building blocks and requirements' }).waitFor()
  const before = await api('/buildingblock/getBoundaryCounts?boundaryId=1')
  assert.ok(!JSON.stringify(before).includes(BLOCK))

  await page.getByTestId('taxonomy-block-submit').click()
  await page.getByText('Choose a category.').waitFor()
  await page.getByText('A name is required.').first().waitFor()
  await page.getByTestId('taxonomy-block-parent').selectOption({ label: 'Shelter and psychosocial support' })
  await page.getByTestId('taxonomy-block-name').fill(` ${BLOCK} `)
  await page.getByTestId('taxonomy-block-source').fill(SOURCE)
  await page.getByTestId('taxonomy-block-description').fill('Walk-in trauma counselling by social workers.')
  await page.getByTestId('taxonomy-block-submit').click()
  await page.getByText(`Building block “${BLOCK}” added.`).waitFor()
  // The same name again, in other case: refused by the server, in words.
  await page.getByTestId('taxonomy-block-name').fill(BLOCK.toUpperCase())
  await page.getByTestId('taxonomy-block-source').fill(SOURCE)
  await page.getByTestId('taxonomy-block-submit').click()
  await page.getByText(`"${BLOCK.toUpperCase()}" already exists there.`).first().waitFor()

  await page
    .getByTestId('taxonomy-requirement-parent')
    .selectOption({ label: `${BLOCK} (Shelter and psychosocial support)` })
  await page.getByTestId('taxonomy-requirement-name').fill(REQUIREMENT)
  await page.getByTestId('taxonomy-requirement-source').fill(SOURCE)
  await page.getByTestId('taxonomy-requirement-submit').click()
  await page.getByText(`Requirement “${REQUIREMENT}” added.`).waitFor()

  // The taxonomy and its versions: the additions tagged, with source and author.
  const tree = page.getByTestId('taxonomy-tree')
  await tree.getByText(REQUIREMENT).waitFor()
  assert.match(
    await tree.innerText(),
    new RegExp(`${BLOCK} added in version \\d+[\\s\\S]*${REQUIREMENT} added in version`),
  )
  const history = page.getByTestId('taxonomy-history').locator('> li')
  assert.match(
    await history.nth(0).innerText(),
    new RegExp(`Requirement:\\s*${REQUIREMENT}[\\s\\S]*${BLOCK}[\\s\\S]*${SOURCE}[\\s\\S]*Naledi Khumalo`),
  )
  assert.match(
    await history.nth(1).innerText(),
    new RegExp(
      `Building block:\\s*${BLOCK}[\\s\\S]*Shelter and psychosocial support[\\s\\S]*Walk-in trauma counselling`,
    ),
  )
  const version = await page.getByTestId('taxonomy-version').innerText()
  await axeClean(page, 'taxonomy desktop')
  await screenshot(page, 'bb-taxonomy-desktop', { fullPage: true })
  assert.deepEqual(errors, [])
  await context.close()

  // The public figures: the block is counted (no providers) and its requirement is not yet
  // known, never 0 %.
  const counts = await api('/buildingblock/getBoundaryCounts?boundaryId=1')
  const counted = counts.flatMap((c) => c.buildingBlocks ?? []).find((b) => b.description === BLOCK)
  assert.ok(counted, 'the added block is counted')
  assert.equal(counted.blockCount, 0)
  const data = await api('/buildingblock/getBuildingBlockData?boundaryId=1')
  const stats = data.buildingBlockCategoryStats
    .flatMap((c) => c.buildingBlockStats)
    .find((b) => b.description === BLOCK)
  assert.ok(stats, 'the added block is in the availability')
  assert.equal(stats.availability, null)
  assert.equal(stats.buildingBlockRequirementStats[0].description, REQUIREMENT)
  assert.equal(stats.buildingBlockRequirementStats[0].availability, null)

  // The phone: the same screen, readable.
  const phone = await newPage(browser(), VIEWPORTS.mobile)
  await signIn(phone.page, people.taxonomist.email, PASSWORD, null)
  await open(phone.page, '/buildingBlock/taxonomy')
  await phone.page.getByTestId('taxonomy-version').waitFor()
  assert.equal(await phone.page.getByTestId('taxonomy-version').innerText(), version)
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`)
  await axeClean(phone.page, 'taxonomy phone')
  await screenshot(phone.page, 'bb-taxonomy-mobile', { fullPage: true })
  assert.deepEqual(phone.errors, [])
  await phone.context.close()
})
