// Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of dist/ over
// 1 kB, once at build time, so that `gbvf serve` answers with the smallest copy the browser
// accepts (tower-http ServeDir precompressed_br / precompressed_gzip) instead of compressing
// each request on the fly. Brotli is what phones' browsers accept; it is about a sixth smaller.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = new URL('../dist/', import.meta.url).pathname

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

let count = 0
for (const file of walk(dist).filter((f) => /\.(js|mjs|css|html|svg|json|webmanifest)$/.test(f))) {
  const raw = readFileSync(file)
  if (raw.length < 1024) continue
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
  )
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }))
  count++
}
console.log(`precompressed ${count} files (Brotli and gzip)`)
