// @rtk-query/codegen-openapi: the API types and endpoints generated from the server's OpenAPI
// document (`gbvf openapi` writes src/api/openapi.json). `npm run gen:api` rewrites
// src/api/generated.ts; ops/test fails when the checked-in copy is stale (GBVF_API_OUT points
// the check's output elsewhere).
export default {
  schemaFile: './src/api/openapi.json',
  apiFile: './src/api/base-api.ts',
  apiImport: 'baseApi',
  outputFile: process.env.GBVF_API_OUT ?? './src/api/generated.ts',
  exportName: 'generatedApi',
  hooks: false,
  tag: true,
}
