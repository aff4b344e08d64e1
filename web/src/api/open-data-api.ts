// The open data calls (decisions 0164 and 0165), generated from the API document into
// endpoints/open-data.ts (npm run gen:api): the DCAT catalogue, a dataset's Data Package, and the
// audit key every file's manifest is signed with. The document types the catalogue and the
// package as bare objects; features/open-data/model.ts reads them. Only the open data page
// imports this module, so these calls stay out of the first visit's code.
export { useGetAuditPublicKeyQuery, useGetDataCatalogueQuery, useGetDataPackageQuery } from './endpoints/open-data'
