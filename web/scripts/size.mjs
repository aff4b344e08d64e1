// Prints the gzip size of every asset in dist/ and the initial JavaScript of the landing page
// (the entry script and its modulepreloads from index.html, plus the /home route chunk and its
// static imports). Fails when that initial JavaScript is over 250 kB gzip.
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

const html = readFileSync(join(dist, 'index.html'), 'utf8')
const initial = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]))
// The landing route chunk and what it imports statically are fetched before /home renders.
const home = rows.find((r) => /^assets\/home-[^/]+\.js$/.test(r.file))
const queue = home ? [home.file] : []
while (queue.length) {
  const file = queue.pop()
  if (initial.has(file) && file !== home?.file) continue
  initial.add(file)
  const code = readFileSync(join(dist, file), 'utf8')
  for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    queue.push(`assets/${m[1]}`)
}

console.log('asset'.padEnd(52), 'raw'.padStart(10), 'gzip'.padStart(10), ' initial')
for (const r of rows)
  console.log(r.file.padEnd(52), kb(r.raw).padStart(10), kb(r.gzip).padStart(10), initial.has(r.file) ? ' *' : '')
const initialJs = rows.filter((r) => initial.has(r.file)).reduce((s, r) => s + r.gzip, 0)
const css = rows.filter((r) => r.file.endsWith('.css') && html.includes(r.file)).reduce((s, r) => s + r.gzip, 0)
console.log(`\nInitial JS for /home (*): ${kb(initialJs)} gzip (budget ${kb(BUDGET)}); initial CSS ${kb(css)} gzip`)
if (initialJs > BUDGET) {
  console.error('Over budget.')
  process.exit(1)
}
