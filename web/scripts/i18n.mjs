// Compiles the message catalogs (src/locales/<language>.json, see docs/translators.md) into what
// the app formats (src/locales/compiled/), with FormatJS' CLI, which also checks that every
// message is valid ICU: <code>.json (the dashboard: every id), <code>.survey.json (the survey's
// own light page: the survey's ids only), en-XA.json (the pseudo-locale: English accented and
// bracketed, so text that is not in a catalog stands out) and languages.json (code, name and
// review state of each catalog, for the language picker). A message is its syntax tree, or its
// text when it is text alone; English ships only its messages with values, its text being in the
// string modules already. `--check` compares instead of writing.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const sources = join(root, 'src/locales')
const out = join(root, 'src/locales/compiled')
const check = process.argv.includes('--check')
const cli = join(root, 'node_modules/.bin/formatjs')
const tmp = mkdtempSync(join(tmpdir(), 'gbvf-i18n-'))
/** Ids the survey's page uses: its own words and quick exit's. */
const surveyIds = (id) => id.startsWith('survey.') || id.startsWith('quickExit.') || id.startsWith('language.')
const PSEUDO = 'en-XA'

function compile(code, messages, pseudo) {
  const input = join(tmp, `${code}.json`)
  writeFileSync(input, JSON.stringify(messages))
  const args = ['compile', input, '--format', 'simple', '--ast']
  if (pseudo) args.push('--pseudo-locale', pseudo)
  const compiled = JSON.parse(execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 64 << 20 }))
  // A message that is text alone ships as that text: smaller, and nothing to format.
  for (const [id, ast] of Object.entries(compiled))
    if (ast.length === 0) compiled[id] = ''
    else if (ast.length === 1 && ast[0].type === 0) compiled[id] = ast[0].value
  return compiled
}

const outputs = new Map()
const languages = []
for (const file of readdirSync(sources)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const code = file.replace(/\.json$/, '')
  const catalog = JSON.parse(readFileSync(join(sources, file), 'utf8'))
  if (typeof catalog.language !== 'string' || typeof catalog.review !== 'string' || !catalog.messages)
    throw new Error(`${file}: needs "language", "review" and "messages" (docs/translators.md)`)
  languages.push({ code, language: catalog.language, review: catalog.review })
  let compiled = compile(code, catalog.messages)
  // English text alone is in the string modules already (the source, equal to en.json by test):
  // English ships only its messages with values.
  if (code === 'en') compiled = Object.fromEntries(Object.entries(compiled).filter(([, m]) => typeof m !== 'string'))
  outputs.set(`${code}.json`, compiled)
  outputs.set(`${code}.survey.json`, Object.fromEntries(Object.entries(compiled).filter(([id]) => surveyIds(id))))
  if (code === 'en') {
    const pseudo = compile(PSEUDO, catalog.messages, PSEUDO)
    outputs.set(`${PSEUDO}.json`, pseudo)
    outputs.set(`${PSEUDO}.survey.json`, Object.fromEntries(Object.entries(pseudo).filter(([id]) => surveyIds(id))))
  }
}
// English first, then by name.
languages.sort((a, b) => (a.code === 'en' ? -1 : b.code === 'en' ? 1 : a.language.localeCompare(b.language)))
outputs.set('languages.json', languages)

let stale = []
for (const [name, value] of outputs) {
  const path = join(out, name)
  const text = JSON.stringify(value) + '\n'
  if (check) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(name)
  } else writeFileSync(path, text)
}
if (stale.length) {
  console.error(`compiled catalogs out of date (run npm run i18n): ${stale.join(', ')}`)
  process.exit(1)
}
