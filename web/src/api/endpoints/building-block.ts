import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteContactPerson: build.mutation<
      DeleteContactPersonApiResponse,
      DeleteContactPersonApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/DeleteStakeholderById`,
        method: "DELETE",
        params: {
          buildingBlockId: queryArg.buildingBlockId,
          stakeholderId: queryArg.stakeholderId,
          bldBlockstakeholderId: queryArg.bldBlockstakeholderId,
        },
      }),
    }),
    applyBulkLoad: build.mutation<
      ApplyBulkLoadApiResponse,
      ApplyBulkLoadApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/bulkLoad/apply`,
        method: "POST",
        body: queryArg.body,
        params: {
          reviewed: queryArg.reviewed,
        },
      }),
    }),
    dryRunBulkLoad: build.mutation<
      DryRunBulkLoadApiResponse,
      DryRunBulkLoadApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/bulkLoad/dryRun`,
        method: "POST",
        body: queryArg.body,
      }),
    }),
    getBulkLoadTemplate: build.query<
      GetBulkLoadTemplateApiResponse,
      GetBulkLoadTemplateApiArg
    >({
      query: () => ({ url: `/api/buildingblock/bulkLoad/template` }),
    }),
    confirmProposal: build.mutation<
      ConfirmProposalApiResponse,
      ConfirmProposalApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/confirmProposal`,
        method: "POST",
        body: queryArg.proposalDecisionBody,
      }),
    }),
    createBuildingBlock: build.mutation<
      CreateBuildingBlockApiResponse,
      CreateBuildingBlockApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/createBuildingBlock`,
        method: "POST",
        body: queryArg.createBuildingBlockBody,
      }),
    }),
    createBuildingBlockRequirement: build.mutation<
      CreateBuildingBlockRequirementApiResponse,
      CreateBuildingBlockRequirementApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/createBuildingBlockRequirement`,
        method: "POST",
        body: queryArg.createRequirementBody,
      }),
    }),
    declineProposal: build.mutation<
      DeclineProposalApiResponse,
      DeclineProposalApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/declineProposal`,
        method: "POST",
        body: queryArg.proposalDecisionBody,
      }),
    }),
    getBuildingBlocksAssociatedToUser: build.query<
      GetBuildingBlocksAssociatedToUserApiResponse,
      GetBuildingBlocksAssociatedToUserApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBuildingBlockAssociatedToUser`,
        params: {
          boundaryId: queryArg.boundaryId,
        },
      }),
    }),
    getProviderWithRequirements: build.query<
      GetProviderWithRequirementsApiResponse,
      GetProviderWithRequirementsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBuildingBlockContactsWithRequirements`,
        params: {
          buildingBlockId: queryArg.buildingBlockId,
          stakeholderId: queryArg.stakeholderId,
          format: queryArg.format,
        },
      }),
    }),
    getProvidersOnMunicipality: build.query<
      GetProvidersOnMunicipalityApiResponse,
      GetProvidersOnMunicipalityApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBuildingBlockOnMunicipality`,
        params: {
          boundaryStakeholderId: queryArg.boundaryStakeholderId,
          buildingBlockId: queryArg.buildingBlockId,
        },
      }),
    }),
    getBuildingBlockTaxonomy: build.query<
      GetBuildingBlockTaxonomyApiResponse,
      GetBuildingBlockTaxonomyApiArg
    >({
      query: () => ({ url: `/api/buildingblock/getBuildingBlockTaxonomy` }),
    }),
    getProviderHistory: build.query<
      GetProviderHistoryApiResponse,
      GetProviderHistoryApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/history`,
        params: {
          buildingBlockId: queryArg.buildingBlockId,
          stakeholderId: queryArg.stakeholderId,
          format: queryArg.format,
        },
      }),
    }),
    getProposals: build.query<GetProposalsApiResponse, GetProposalsApiArg>({
      query: () => ({ url: `/api/buildingblock/proposals` }),
    }),
    proposeClosure: build.mutation<
      ProposeClosureApiResponse,
      ProposeClosureApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/proposeClosure`,
        method: "POST",
        body: queryArg.closureBody,
      }),
    }),
    proposeProvider: build.mutation<
      ProposeProviderApiResponse,
      ProposeProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/proposeProvider`,
        method: "POST",
        body: queryArg.proposeBody,
      }),
    }),
    returnProvider: build.mutation<
      ReturnProviderApiResponse,
      ReturnProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/returnBuildingBlock`,
        method: "POST",
        body: queryArg.decisionBody,
      }),
    }),
    getSubmissionReview: build.query<
      GetSubmissionReviewApiResponse,
      GetSubmissionReviewApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/reviewSubmission`,
        params: {
          buildingBlockId: queryArg.buildingBlockId,
          stakeholderId: queryArg.stakeholderId,
          format: queryArg.format,
        },
      }),
    }),
    updateProvider: build.mutation<
      UpdateProviderApiResponse,
      UpdateProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/updateBuildingBlockContactsAndRequirements`,
        method: "PUT",
        body: queryArg.updateBody,
      }),
    }),
    getVerificationQueue: build.query<
      GetVerificationQueueApiResponse,
      GetVerificationQueueApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/verificationQueue`,
        params: {
          status: queryArg.status,
          municipalityId: queryArg.municipalityId,
          buildingBlockId: queryArg.buildingBlockId,
          minDaysWaiting: queryArg.minDaysWaiting,
          page: queryArg.page,
          pageSize: queryArg.pageSize,
        },
      }),
    }),
    verifyProvider: build.mutation<
      VerifyProviderApiResponse,
      VerifyProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/verifyBuildingBlock`,
        method: "POST",
        body: queryArg.decisionBody,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type DeleteContactPersonApiResponse =
  /** status 200 Deleted (the server's message) */ Done;
export type DeleteContactPersonApiArg = {
  /** The provider's building block. */
  buildingBlockId: number;
  /** The contact person to remove (`contactPersonId` of
    `getBuildingBlockContactsWithRequirements`, a UUID). */
  stakeholderId: string;
  /** The provider (its `stakeholderId`). */
  bldBlockstakeholderId: number;
};
export type ApplyBulkLoadApiResponse =
  /** status 200 Applied: the report with what was recorded */ BulkLoadReport;
export type ApplyBulkLoadApiArg = {
  /** The `reviewed` fingerprint of the dry run's report (64 hexadecimal digits). */
  reviewed?: string;
  /** The file in the template (CSV or XLSX, as for the dry run) */
  body: string;
};
export type DryRunBulkLoadApiResponse =
  /** status 200 The dry run's report (success false when any row has an error) */ BulkLoadReport;
export type DryRunBulkLoadApiArg = {
  /** The file in the template (CSV, or XLSX as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet; at most 16 MiB, 10,000 rows) */
  body: string;
};
export type GetBulkLoadTemplateApiResponse =
  /** status 200 The template (text/csv) */ string;
export type GetBulkLoadTemplateApiArg = void;
export type ConfirmProposalApiResponse = /** status 200 Confirmed */ Done;
export type ConfirmProposalApiArg = {
  proposalDecisionBody: ProposalDecisionBody;
};
export type CreateBuildingBlockApiResponse =
  /** status 200 Added */ TaxonomyAdded;
export type CreateBuildingBlockApiArg = {
  createBuildingBlockBody: CreateBuildingBlockBody;
};
export type CreateBuildingBlockRequirementApiResponse =
  /** status 200 Added */ TaxonomyAdded;
export type CreateBuildingBlockRequirementApiArg = {
  createRequirementBody: CreateRequirementBody;
};
export type DeclineProposalApiResponse = /** status 200 Declined */ Done;
export type DeclineProposalApiArg = {
  proposalDecisionBody: ProposalDecisionBody;
};
export type GetBuildingBlocksAssociatedToUserApiResponse =
  /** status 200 Municipalities with verified/total per building block */ AssignedMunicipality[];
export type GetBuildingBlocksAssociatedToUserApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type GetProviderWithRequirementsApiResponse =
  /** status 200 Building block details */ BuildingBlockDetails;
export type GetProviderWithRequirementsApiArg = {
  /** Building block id. */
  buildingBlockId?: number;
  /** The provider. */
  stakeholderId: number;
  /** `csv` for the history as CSV. */
  format?: string;
};
export type GetProvidersOnMunicipalityApiResponse =
  /** status 200 Providers with status */ ProviderStatus[];
export type GetProvidersOnMunicipalityApiArg = {
  /** The municipality's boundary id. */
  boundaryStakeholderId?: number;
  /** Building block id. */
  buildingBlockId?: number;
};
export type GetBuildingBlockTaxonomyApiResponse =
  /** status 200 The taxonomy and its versions */ TaxonomyAnswer;
export type GetBuildingBlockTaxonomyApiArg = void;
export type GetProviderHistoryApiResponse =
  /** status 200 History entries (JSON) or text/csv */ ProviderHistory;
export type GetProviderHistoryApiArg = {
  /** Building block id. */
  buildingBlockId?: number;
  /** The provider. */
  stakeholderId: number;
  /** `csv` for the history as CSV. */
  format?: string;
};
export type GetProposalsApiResponse =
  /** status 200 Proposals awaiting the province */ ProposalList;
export type GetProposalsApiArg = void;
export type ProposeClosureApiResponse = /** status 200 Closure proposed */ Done;
export type ProposeClosureApiArg = {
  closureBody: ClosureBody;
};
export type ProposeProviderApiResponse =
  /** status 200 Proposed, awaiting the province */ Proposed;
export type ProposeProviderApiArg = {
  proposeBody: ProposeBody;
};
export type ReturnProviderApiResponse = /** status 200 Returned */ Done;
export type ReturnProviderApiArg = {
  decisionBody: DecisionBody;
};
export type GetSubmissionReviewApiResponse =
  /** status 200 The submission beside the last verified version */ SubmissionReview;
export type GetSubmissionReviewApiArg = {
  /** Building block id. */
  buildingBlockId?: number;
  /** The provider. */
  stakeholderId: number;
  /** `csv` for the history as CSV. */
  format?: string;
};
export type UpdateProviderApiResponse =
  /** status 200 'Building block updated successfully' */ Done;
export type UpdateProviderApiArg = {
  updateBody: UpdateBody;
};
export type GetVerificationQueueApiResponse =
  /** status 200 A page of the queue */ QueuePage;
export type GetVerificationQueueApiArg = {
  /** `submitted` (awaiting the province, the default) or `returned` (awaiting the
    municipality). */
  status?: string;
  /** Only this municipality (boundary id). */
  municipalityId?: number;
  /** Only this building block. */
  buildingBlockId?: number;
  /** Only those waiting at least this many whole days. */
  minDaysWaiting?: number;
  /** Page number, from 1. */
  page?: number;
  /** Rows per page, 1 to 100 (25 when absent). */
  pageSize?: number;
};
export type VerifyProviderApiResponse = /** status 200 Verified */ Done;
export type VerifyProviderApiArg = {
  decisionBody: DecisionBody;
};
export type Done = {
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
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
export type BulkLoadCellError = {
  /** The column's header (empty for the row or file as a whole). */
  column: string;
  /** What is wrong, in the specification's wording where it has one. */
  message: string;
  /** The spreadsheet's row number (the header is row 1; 0: the file as a whole). */
  row: number;
};
export type BulkLoadAction = "submit" | "verify" | "unchanged" | "error";
export type BulkLoadChange = {
  /** The template's column (`Contact person` for a contact person). */
  column: string;
  /** The value before (null: none). */
  from: string | null;
  /** The value after (null: none). */
  to: string | null;
};
export type BulkLoadRow = {
  /** What applying does with the row. */
  action: BulkLoadAction;
  /** What it changes: for a submission, the row against the provider's current details; for
    a verification, the pending submission against the last verified details (what becomes
    public), as the single review shows them. */
  changes: BulkLoadChange[];
  /** Its errors. */
  errors: BulkLoadCellError[];
  /** Its municipality's name. */
  municipality: string | null;
  /** Its name. */
  provider: string | null;
  /** The spreadsheet's row number (first data row: 2). */
  row: number;
  /** The provider matched (null when none); `stakeholderId` in the answer, as the
    specification names a provider's id. */
  stakeholderId: number | null;
  /** The provider's version (its events) the row was decided on: applying refuses the file
    when any row's provider changed since (null when no provider). */
  version: number | null;
};
export type BulkLoadSummary = {
  /** Rows with errors. */
  error: number;
  /** Data rows read. */
  rows: number;
  /** Rows that record a submission. */
  submit: number;
  /** Rows that change nothing. */
  unchanged: number;
  /** Rows that verify another person's pending submission. */
  verify: number;
};
export type BulkLoadReport = {
  /** True when the file's rows were recorded (apply only). */
  applied: boolean;
  /** Every error as the one error shape has it: `code` "row N, column", `description`. */
  errors: ErrorItem[];
  /** Errors of the file as a whole (row 1: the header; row 0: the file). */
  fileErrors: BulkLoadCellError[];
  /** What happened, in words. */
  message: string;
  /** The fingerprint of what this report shows (every row's provider and its version, action,
    changes and errors): the apply names the fingerprint of the dry run the uploader
    reviewed (`?reviewed=`), and is refused (409) when the file's providers changed since. */
  reviewed: string;
  /** Every data row, in file order. */
  rows: BulkLoadRow[];
  /** True when the file has no error (a dry run) or was applied (an apply). */
  success: boolean;
  /** Counts per action. */
  summary: BulkLoadSummary;
};
export type LongText = string;
export type ProposalDecisionBody = {
  reason?: null | LongText;
  /** The provider proposed (new) or proposed for closing. */
  stakeholderId: number;
};
export type TaxonomyAdded = {
  /** The new building block's or requirement's id (1001 and above). */
  id: number;
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
  /** The taxonomy version the addition made. */
  taxonomyVersion: number;
};
export type LineText = string;
export type ShortText = string;
export type CreateBuildingBlockBody = {
  /** The category it goes under. */
  buildingBlockCategoryId: number;
  description?: null | LineText;
  /** Its name (required; unique in the category, ignoring case and spaces). */
  name: ShortText;
  /** What asks for it, e.g. "Provincial DSD circular 2026/14" (required). */
  source: LineText;
};
export type CreateRequirementBody = {
  /** The building block it belongs to. */
  buildingBlockId: number;
  /** Its name (required; unique in the block, ignoring case and spaces). */
  name: ShortText;
  /** What asks for it (required). */
  source: LineText;
};
export type BlockCompletion = {
  /** Building block id. */
  buildingBlockId: number;
  /** 0 incomplete, 1 in progress, 2 complete ([`completion`]). */
  completion: number;
  /** Its name. */
  description: string;
  /** Its providers never captured. */
  notCapturedCount: number;
  /** Its providers returned to the municipality. */
  returnedCount: number;
  /** Its providers submitted, awaiting the province. */
  submittedCount: number;
  /** Its providers in the municipality. */
  totalBuildingBlockCount: number;
  /** Those verified. */
  totalVerifiedBuildingBlockCount: number;
};
export type AssignedCategory = {
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Its building blocks, in the list's order. */
  buildingBlocks: BlockCompletion[];
  /** Its name. */
  description: string;
};
export type AssignedMunicipality = {
  /** Every category, in the list's order. */
  buildingBlockCategories: AssignedCategory[];
  /** Its district's name (its own for a metro). */
  districtName: string;
  /** Its name. */
  name: string;
  /** Its province's name. */
  provinceName: string;
  /** Its boundary id. */
  stakeholderId: number;
};
export type ProviderAddress = {
  /** Always 1. */
  addressId: number;
  /** Physical address, if known. */
  addressLine1: string | null;
  /** Postal address, if known. */
  addressLine2: string | null;
};
export type ContactPersonDetails = {
  /** Alternate number (digits), if given. */
  alternateNumber: string | null;
  /** The person's id (`bb_contact_person`). */
  contactPersonId: string;
  /** E-mail address, if given. */
  emailAddress: string | null;
  /** Full name. */
  fullName: string;
  /** Shown in the public directory once verified (spec §3 `isPublic`); internal otherwise. */
  isPublic: boolean;
  /** Job role, if given. */
  jobRole: string | null;
  /** Mobile number (digits), if given. */
  mobileNumber: string | null;
  /** Telephone number (digits), if given. */
  telephoneNumber: string | null;
};
export type RequirementDetails = {
  /** Stated as available in the provider's details. */
  available: boolean;
  /** Requirement id. */
  buildingBlockRequirementId: number;
  /** Requirement name. */
  name: string;
  /** Who answers for it. */
  stakeholderContactPerson: ContactPersonDetails[];
  /** Verified by the province. */
  verified: boolean;
};
export type DirectoryContact = {
  /** Always null: numbers are stored whole. */
  areaCode: string | null;
  /** Position in the list, from 1. */
  contactId: number;
  /** 1 e-mail, 2 mobile, 3 telephone, 4 alternate number. */
  contactTypeId: number;
  /** The address or number (digits). */
  detail: string;
};
export type BuildingBlockDetails = {
  /** Its addresses. */
  address: ProviderAddress;
  /** Its building block's name. */
  buildingBlock: string;
  /** Its building block id. */
  buildingBlockId: number;
  /** Every requirement of its building block. */
  buildingBlockRequirements: RequirementDetails[];
  /** Its contacts (the submitted ones once details were submitted). */
  contacts: DirectoryContact[];
  /** True for shelters (no address is ever kept). */
  isShelter: boolean;
  /** Its municipality's boundary id. */
  municipalityId: number;
  /** Its municipality's name. */
  municipalityName: string;
  /** Its name. */
  name: string;
  /** True when the signed-in user made the last submission: they may not verify or return
    it (four-eyes). */
  ownSubmission: boolean;
  /** The provider id. */
  stakeholderId: number;
  /** Its workflow status (`imported`, `submitted`, `verified`, `returned`). */
  status: string;
  /** The version of its last submission (the event's sequence in the provider's stream),
    which `verifyBuildingBlock` and `returnBuildingBlock` name; null before any submission. */
  submissionVersion: number | null;
};
export type ProviderStatus = {
  /** Its name. */
  name: string;
  /** The provider id. */
  stakeholderId: number;
  /** Its workflow status (`imported`, `submitted`, `verified`, `returned`). */
  status: string;
};
export type TaxonomyRequirement = {
  /** The version that added it; null for a shipped one. */
  addedVersion: number | null;
  /** Requirement id. */
  buildingBlockRequirementId: number;
  /** Its name. */
  description: string;
  /** What asks for it. */
  source: string;
};
export type TaxonomyBlock = {
  /** The version that added it; null for a shipped one. */
  addedVersion: number | null;
  /** Building block id. */
  buildingBlockId: number;
  /** Its name. */
  description: string;
  /** Its requirements in order. */
  requirements: TaxonomyRequirement[];
};
export type TaxonomyCategory = {
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Its building blocks in order. */
  buildingBlocks: TaxonomyBlock[];
  /** Its name. */
  description: string;
};
export type TaxonomyVersion = {
  /** When (RFC 3339, UTC). */
  at: string;
  /** Who: a person's name ("Erased person" once erased), or "import". */
  by: string;
  /** An added block's description. */
  description: string | null;
  /** The file's version string (`file` only). */
  fileVersion: string | null;
  /** The added block's or requirement's id (additions only). */
  id: number | null;
  /** `file` (an import of taxonomy.json), `block` or `requirement` (an addition). */
  kind: string;
  /** The addition's name, or the file's title. */
  name: string;
  /** The category (an added block) or building block (an added requirement) it is under. */
  parentName: string | null;
  /** What asks for it (the file's path for `file`). */
  source: string | null;
  /** The version (1, 2, ...). */
  taxonomyVersion: number;
};
export type TaxonomyAnswer = {
  /** Categories, blocks and requirements in order. */
  categories: TaxonomyCategory[];
  /** Always `true`. */
  success: boolean;
  /** The current version (0 before the first import). */
  taxonomyVersion: number;
  /** Every version, newest first. */
  versions: TaxonomyVersion[];
};
export type ProviderHistoryEntry = {
  /** Who (`user:<id>`, `import:...`). */
  actor: string;
  /** The acting user's e-mail ("Erased person" once erased); null for other actors. */
  actorEmail: string | null;
  /** Who, for people: the person's name ("Erased person" once erased), or "Directory
    import" / "Command line" for the operator's tools. */
  actorName: string;
  /** When (RFC 3339, UTC), from the event's metadata. */
  at: string;
  /** What changed, in words, with requirement and building-block names. */
  detail: string;
  /** What happened, in plain words ("Details submitted for verification"). */
  event: string;
  /** The event type, for programs (`BuildingBlockDetailsSubmitted`). */
  eventType: string;
  /** The event's sequence in the provider's stream, from 1. */
  sequence: number;
  /** From where (`http:PUT ...`, `cli:...`). */
  source: string;
};
export type ProviderHistory = {
  /** Its events, oldest first. */
  history: ProviderHistoryEntry[];
  /** The provider id. */
  stakeholderId: number;
  /** Always `true`. */
  success: boolean;
};
export type ProposalItem = {
  /** The building block's name. */
  buildingBlock: string;
  /** Its building block id. */
  buildingBlockId: number;
  /** Office numbers. */
  contacts: DirectoryContact[];
  /** Whole days waited until now. */
  daysWaiting: number;
  /** `new` (a provider missing from the directory) or `closure`. */
  kind: string;
  /** Its municipality (boundary id). */
  municipalityId: number;
  /** The municipality's name. */
  municipalityName: string;
  /** The provider's name. */
  name: string;
  /** True when the reader proposed it (they may not decide on it). */
  ownProposal: boolean;
  /** Physical address as given; null when none (always for shelters). */
  physicalAddress: string | null;
  /** `[longitude, latitude]` chosen on the map; null when none (always for shelters). */
  point: number[] | null;
  /** When (RFC 3339, UTC). */
  proposedAt: string;
  /** Who proposed it (name). */
  proposedByName: string | null;
  /** Why it should close (closures); null for a new provider. */
  reason: string | null;
  /** The provider id. */
  stakeholderId: number;
};
export type ProposalList = {
  /** The oldest first, at most 100. */
  items: ProposalItem[];
  /** Always `true`. */
  success: boolean;
  /** How many await in all. */
  total: number;
};
export type ClosureBody = {
  reason?: null | LongText;
  /** The provider. */
  stakeholderId: number;
};
export type Proposed = {
  /** The confirmation, for people. */
  message: string;
  /** The proposed provider's id. */
  stakeholderId: number;
  /** Always `true`. */
  success: boolean;
};
export type ProposeBody = {
  alternateNumber?: null | LineText;
  /** Its building block (taxonomy id). */
  buildingBlockId: number;
  /** Latitude of the point chosen on the map (WGS84 degrees). */
  latitude?: number | null;
  /** Longitude of the point chosen on the map (WGS84 degrees); with `latitude`, inside South
    Africa. Never recorded for a shelter. */
  longitude?: number | null;
  /** Its municipality (boundary id): one assigned to the user. */
  municipalityId: number;
  /** The provider's name (required). */
  name: LineText;
  physicalAddress?: null | LineText;
  receptionNumber?: null | LineText;
};
export type DecisionBody = {
  /** Required when returning: why, for the municipality (at most 1,000 characters, line
    breaks allowed, no control characters). */
  reason?: string | null;
  /** The provider. */
  stakeholderId: number;
  /** The version of the submission decided on: `submissionVersion` of
    `getBuildingBlockContactsWithRequirements` as the reviewer saw it. When a newer
    submission exists the decision is refused with 409. */
  submissionVersion: number;
};
export type ContactPersonChange = {
  /** `added`, `changed`, `removed` or `unchanged`. */
  change: string;
  /** The fields that differ (`fullName`, `jobRole`, `mobileNumber`, `emailAddress`,
    `telephoneNumber`, `alternateNumber`, `isPublic`); empty unless changed. */
  changedFields: string[];
  /** The name of the requirement the person answers for. */
  requirement: string;
  submitted: null | ContactPersonDetails;
  verified: null | ContactPersonDetails;
};
export type FieldChange = {
  /** Whether the two differ. */
  changed: boolean;
  /** The field: `physicalAddress`, `postalAddress`, `receptionNumber`, `alternateNumber`,
    `emailAddress` (the manage screen's names). */
  field: string;
  /** The submitted value; null when none. */
  submitted: string | null;
  /** The last verified value (the imported one before any verification); null when none. */
  verified: string | null;
};
export type RequirementChange = {
  /** Requirement id. */
  buildingBlockRequirementId: number;
  /** Whether the two differ. */
  changed: boolean;
  /** Its name. */
  name: string;
  /** Offered in the submission. */
  submitted: boolean;
  /** Offered in the last verified version. */
  verified: boolean;
};
export type SubmissionReview = {
  /** The building block's name. */
  buildingBlock: string;
  /** Its building block id. */
  buildingBlockId: number;
  /** The contact persons: changed, added and removed first, then the unchanged. */
  contactPersons: ContactPersonChange[];
  /** The details' fields. */
  fields: FieldChange[];
  /** True for shelters (no address is ever kept). */
  isShelter: boolean;
  /** True when the reader may verify or return this submission now: they review its
    province, it awaits a decision and they did not submit it. */
  mayDecide: boolean;
  /** Its municipality (boundary id). */
  municipalityId: number;
  /** The municipality's name. */
  municipalityName: string;
  /** Its name. */
  name: string;
  /** True when the reader made the submission. */
  ownSubmission: boolean;
  /** Every requirement of the building block. */
  requirements: RequirementChange[];
  /** The last return's reason; null when never returned. */
  returnReason: string | null;
  /** When it was last returned. */
  returnedAt: string | null;
  /** Who returned it last (name). */
  returnedByName: string | null;
  /** The provider id. */
  stakeholderId: number;
  /** Workflow status (`not_captured`, `submitted`, `verified`, `returned`). */
  status: string;
  /** The version of the submission shown, which a verify or return must name. */
  submissionVersion: number | null;
  /** When it was submitted (RFC 3339, UTC). */
  submittedAt: string | null;
  /** Who submitted it (name). */
  submittedByName: string | null;
  /** When the version compared with was verified; null when nothing was ever verified (the
    comparison is then with the imported record). */
  verifiedAt: string | null;
};
export type AddressBody = {
  /** Id of an existing address (ignored). */
  addressId?: number | null;
  /** Physical address. */
  addressLine1?: string | null;
  /** Postal address. */
  addressLine2?: string | null;
};
export type ContactBody = {
  /** Area code written before a number. */
  areaCode?: string | null;
  /** Id of an existing contact (ignored: the body replaces the details). */
  contactId?: number | null;
  /** WorkEmail 1, MobilePhone 2, Reception 3, Alternative 4, PersonalEmail 5. */
  contactTypeId: number;
  /** The number or address. */
  detail: string;
};
export type SpecContactPersonBody = {
  /** The requirement (when given, it must be the one the person is listed under). */
  buildingBlockRequirementId?: number | null;
  /** The person's contacts. */
  contacts?: ContactBody[];
  /** Answer flag (ignored). */
  isAnswer?: boolean | null;
  /** Agreed to be shown in the public directory (internal when absent). */
  isPublic?: boolean;
  /** Reporting flag (ignored). */
  isReporting?: boolean | null;
  /** Full name (required). */
  name: string;
  /** Job role. */
  role?: string | null;
  /** Id of an existing person (ignored: the list replaces the previous one). */
  stakeholderId?: number | null;
  /** Stakeholder type (ignored). */
  stakeholderTypeId?: number | null;
};
export type RequirementBody = {
  /** The requirement, available. */
  buildingBlockRequirementId: number;
  /** Its name (ignored: the taxonomy names it). */
  name?: string | null;
  /** The persons who answer for it. */
  stakeholderContactPerson?: SpecContactPersonBody[];
};
export type RequirementEntry = number | RequirementBody;
export type ContactPersonBody = {
  /** Alternate number (10 digits). */
  alternateNumber?: string | null;
  /** Requirement the person answers for. */
  buildingBlockRequirementId: number;
  /** E-mail address. */
  emailAddress?: string | null;
  /** Full name (required). */
  fullName: string;
  /** The person agreed to be shown in the public directory (spec §3 `isPublic`): then, once
    verified, their name, role and work numbers (telephone and alternate) are published;
    their mobile number and e-mail address never are. Internal (`false`) when absent.
    Refused for a shelter's contact persons. */
  isPublic?: boolean;
  /** Job role. */
  jobRole?: string | null;
  /** Mobile number (10 digits). */
  mobileNumber?: string | null;
  /** Telephone number (10 digits). */
  telephoneNumber?: string | null;
};
export type UpdateBody = {
  address?: null | AddressBody;
  /** Alternate Number (digits). */
  alternateNumber?: string | null;
  /** Its building block (must match). */
  buildingBlockId: number;
  /** Requirements available: ids, or the specification's objects with their contact
    persons. */
  buildingBlockRequirements?: RequirementEntry[];
  /** Contact persons (all of them: the list replaces the previous one). */
  contactPersons?: ContactPersonBody[];
  /** The specification's contacts (instead of the named numbers). */
  contacts?: ContactBody[] | null;
  /** Email address. */
  emailAddress?: string | null;
  /** Physical Address (required, except for shelters, which never get one). */
  physicalAddress?: string | null;
  /** Postal Address. */
  postalAddress?: string | null;
  /** Reception Number (digits). */
  receptionNumber?: string | null;
  /** The provider. */
  stakeholderId: number;
};
export type QueueChoice = {
  /** Municipality boundary id or building block id. */
  id: number;
  /** Its name. */
  name: string;
};
export type StatusCounts = {
  /** Imported, never captured. */
  notCaptured: number;
  /** Returned, awaiting the municipality. */
  returned: number;
  /** Submitted, awaiting the province. */
  submitted: number;
  /** Verified. */
  verified: number;
};
export type QueueItem = {
  /** The building block's name. */
  buildingBlock: string;
  /** Its building block id. */
  buildingBlockId: number;
  /** Whole days waited until now (0 on the first day). */
  daysWaiting: number | null;
  /** Its municipality (boundary id). */
  municipalityId: number;
  /** The municipality's name. */
  municipalityName: string;
  /** Its name. */
  name: string;
  /** True when the reader made the submission (they may not decide on it). */
  ownSubmission: boolean;
  /** The last return's reason (a resubmission keeps it, so the reviewer sees why it came
    back); null when never returned. */
  returnReason: string | null;
  /** Who returned it last (name); null when never returned. */
  returnedByName: string | null;
  /** The provider id. */
  stakeholderId: number;
  /** `submitted` or `returned`. */
  status: string;
  /** The version of the last submission, which a verify or return names. */
  submissionVersion: number | null;
  /** When the last submission was made (RFC 3339, UTC). */
  submittedAt: string | null;
  /** Who made it: the person's name ("Erased person" once erased); null when unknown. */
  submittedByName: string | null;
  /** Since when it waits (RFC 3339, UTC): the submission (submitted) or the return (returned). */
  waitingSince: string | null;
};
export type QueuePage = {
  /** The building blocks, in the taxonomy's order (the building-block filter's choices). */
  buildingBlocks: QueueChoice[];
  /** Providers per status across the whole area (no filter). */
  counts: StatusCounts;
  /** The page's providers, oldest wait first. */
  items: QueueItem[];
  /** The municipalities of the area, by name (the municipality filter's choices). */
  municipalities: QueueChoice[];
  /** The page, from 1. */
  page: number;
  /** Rows per page. */
  pageSize: number;
  /** The status listed: `submitted` or `returned`. */
  status: string;
  /** Always `true`. */
  success: boolean;
  /** Providers matching the filters in all (every page). */
  total: number;
};
export const {
  useDeleteContactPersonMutation,
  useApplyBulkLoadMutation,
  useDryRunBulkLoadMutation,
  useGetBulkLoadTemplateQuery,
  useConfirmProposalMutation,
  useCreateBuildingBlockMutation,
  useCreateBuildingBlockRequirementMutation,
  useDeclineProposalMutation,
  useGetBuildingBlocksAssociatedToUserQuery,
  useGetProviderWithRequirementsQuery,
  useGetProvidersOnMunicipalityQuery,
  useGetBuildingBlockTaxonomyQuery,
  useGetProviderHistoryQuery,
  useGetProposalsQuery,
  useProposeClosureMutation,
  useProposeProviderMutation,
  useReturnProviderMutation,
  useGetSubmissionReviewQuery,
  useUpdateProviderMutation,
  useGetVerificationQueueQuery,
  useVerifyProviderMutation,
} = injectedRtkApi;
