// Fails when src/api/generated.ts is not what `npm run gen:api` makes from src/api/openapi.json
// (run by ops/test, which first checks openapi.json against `gbvf openapi`). Regenerates into
// src/api/generated.check.ts (same folder, so the import path is the same), compares, removes it.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'

const check = './src/api/generated.check.ts'
try {
  execFileSync('npx', ['rtk-query-codegen-openapi', 'openapi.config.js'], {
    env: { ...process.env, GBVF_API_OUT: check },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (readFileSync(check, 'utf8') !== readFileSync('./src/api/generated.ts', 'utf8')) {
    console.error('src/api/generated.ts is stale: run `npm run gen:api` in web/ and commit it.')
    process.exit(1)
  }
  console.log('src/api/generated.ts matches src/api/openapi.json')
} finally {
  rmSync(check, { force: true })
}
