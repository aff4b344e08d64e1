// Prints the gzip size of every asset in dist/ and the initial JavaScript of the landing page
// (the entry script and its modulepreloads from index.html, plus the /home route chunk and its
// static imports) and of an embedded chart view (embed.html and the chart route's chunk). Fails
// when either is over 250 kB gzip.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = new URL('../dist/', import.meta.url).pathname
const BUDGET = 250 * 1024

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length
const kb = (n) => `${(n / 1024).toFixed(1)} kB`

const files = walk(dist).filter((f) => /\.(js|css|html|svg)$/.test(f))
const rows = files
  .map((f) => ({ file: relative(dist, f), raw: statSync(f).size, gzip: gz(f) }))
  .sort((a, b) => b.gzip - a.gzip)

/** The JavaScript a page fetches before it renders: the entry script and its modulepreloads from
 * `page`, plus the route chunk matching `route` and what it imports statically. */
function initialOf(page, route) {
  const html = readFileSync(join(dist, page), 'utf8')
  const initial = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]))
  const chunk = rows.find((r) => route.test(r.file))
  const queue = chunk ? [chunk.file] : []
  while (queue.length) {
    const file = queue.pop()
    if (initial.has(file) && file !== chunk?.file) continue
    initial.add(file)
    const code = readFileSync(join(dist, file), 'utf8')
    for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(`assets/${m[1]}`)
  }
  const js = rows.filter((r) => initial.has(r.file)).reduce((sum, r) => sum + r.gzip, 0)
  const css = rows.filter((r) => r.file.endsWith('.css') && html.includes(r.file)).reduce((sum, r) => sum + r.gzip, 0)
  return { initial, js, css }
}

// The landing route chunk and what it imports statically are fetched before /home renders.
const home = initialOf('index.html', /^assets\/home-[^/]+\.js$/)
// An embedded chart view (embed.html, /embed/chart): its entry and the chart route's chunk.
const embed = initialOf('embed.html', /^assets\/chart-[^/]+\.js$/)

console.log('asset'.padEnd(52), 'raw'.padStart(10), 'gzip'.padStart(10), ' initial')
for (const r of rows)
  console.log(r.file.padEnd(52), kb(r.raw).padStart(10), kb(r.gzip).padStart(10), home.initial.has(r.file) ? ' *' : '')
console.log(`\nInitial JS for /home (*): ${kb(home.js)} gzip (budget ${kb(BUDGET)}); initial CSS ${kb(home.css)} gzip`)
console.log(
  `Initial JS for /embed/chart: ${kb(embed.js)} gzip (budget ${kb(BUDGET)}); initial CSS ${kb(embed.css)} gzip`,
)
if (home.js > BUDGET || embed.js > BUDGET) {
  console.error('Over budget.')
  process.exit(1)
}
