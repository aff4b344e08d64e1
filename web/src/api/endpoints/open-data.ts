import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditPublicKey: build.query<
      GetAuditPublicKeyApiResponse,
      GetAuditPublicKeyApiArg
    >({
      query: () => ({ url: `/api/audit/public-key` }),
    }),
    getDataPackage: build.query<
      GetDataPackageApiResponse,
      GetDataPackageApiArg
    >({
      query: (queryArg) => ({
        url: `/api/data/${queryArg.dataset}/datapackage.json`,
      }),
    }),
    getDataManifest: build.query<
      GetDataManifestApiResponse,
      GetDataManifestApiArg
    >({
      query: (queryArg) => ({
        url: `/api/data/${queryArg.dataset}/manifest/${queryArg.file}`,
      }),
    }),
    getDataFile: build.query<GetDataFileApiResponse, GetDataFileApiArg>({
      query: (queryArg) => ({
        url: `/api/data/${queryArg.dataset}/${queryArg.file}`,
      }),
    }),
    getDataCatalogue: build.query<
      GetDataCatalogueApiResponse,
      GetDataCatalogueApiArg
    >({
      query: () => ({ url: `/data/catalog.jsonld` }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetAuditPublicKeyApiResponse =
  /** status 200 The signing key */ AuditPublicKey;
export type GetAuditPublicKeyApiArg = void;
export type GetDataPackageApiResponse =
  /** status 200 The Data Package descriptor (https://specs.frictionlessdata.io/tabular-data-package/) */ object;
export type GetDataPackageApiArg = {
  /** The dataset's name, e.g. gbvf-crime */
  dataset: string;
};
export type GetDataManifestApiResponse =
  /** status 200 The manifest (format gbvf-data-manifest-v1) */ object;
export type GetDataManifestApiArg = {
  /** The dataset's name, e.g. gbvf-crime */
  dataset: string;
  /** The file's name, e.g. crime-provinces.csv */
  file: string;
};
export type GetDataFileApiResponse = /** status 200 The CSV file */ string;
export type GetDataFileApiArg = {
  /** The dataset's name, e.g. gbvf-crime */
  dataset: string;
  /** The file's name, e.g. crime-provinces.csv */
  file: string;
};
export type GetDataCatalogueApiResponse =
  /** status 200 The DCAT catalogue (https://www.w3.org/TR/vocab-dcat-3/) as JSON-LD */ object;
export type GetDataCatalogueApiArg = void;
export type AuditPublicKey = {
  /** Always `Ed25519`. */
  algorithm: string;
  /** The public key, 64 lower-case hexadecimal digits (32 bytes). */
  publicKey: string;
  /** Events in the chain up to that checkpoint; null before the first. */
  sealedEvents: number | null;
  /** When the newest event under a signed checkpoint was written (RFC 3339); null before
    the first checkpoint. */
  sealedUpTo: string | null;
};
export type ErrorItem = {
  /** The field or parameter at fault (`boundaryId`, `email`), or the kind of failure:
    `not_found`, `permission`, `csrf`, `conflict`, `unavailable`, `internal`. */
  code: string;
  /** The same text as `message`. */
  description: string;
};
export type ErrorBody = {
  /** One entry per problem (empty on a 409 that names the current state instead). */
  errors: ErrorItem[];
  /** What went wrong, for people, in the specification's wording. */
  message: string;
  /** Always `false`. */
  success: boolean;
};
export const {
  useGetAuditPublicKeyQuery,
  useGetDataPackageQuery,
  useGetDataManifestQuery,
  useGetDataFileQuery,
  useGetDataCatalogueQuery,
} = injectedRtkApi;
