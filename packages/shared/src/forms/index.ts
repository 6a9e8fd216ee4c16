import { z } from 'zod';
import { languages } from '../constants/index.ts';
import { shownText } from '../text/index.ts';
import { FORM_LIMITS, FORM_USE_CASES } from '../form-definition/index.ts';

export * from '../form-definition/index.ts';

/**
 * Forms (DESIGN §6 and §8 "Forms"): the API contract. The definition subset, its check and the
 * rules for answers live in `form-definition` (no zod, for the public page).
 *
 * Routes (all JSON unless said):
 *
 * Sender API (provider API key; another provider's form is 404):
 * - POST   /api/sender/v1/forms            senderFormRequestSchema → 201 senderFormPublishedSchema
 * - PUT    /api/sender/v1/forms/{id}       senderFormRequestSchema → 200 senderFormPublishedSchema (a new version)
 * - GET    /api/sender/v1/forms            → senderFormListSchema
 * - GET    /api/sender/v1/forms/{id}       → senderFormSchema (with the current definition)
 * - DELETE /api/sender/v1/forms/{id}       → 204 (unpublish; submissions kept; idempotent)
 *   A definition `checkFormDefinition` refuses is 422 FORM_DEFINITION_INVALID with
 *   `details: DefinitionProblem[]`, and `message` listing `path: message` of each.
 * - GET /api/sender/v1/messages lists submissions too (`type: form_submission`, `form`, `data`,
 *   `reference`; documents: the PDF first, then the attached files).
 *
 * Portal, logged in (session; `account_id` is one of the caller's accounts):
 * - GET  /api/forms?q&use_case&provider_id&cursor&limit     → formCataloguePageSchema
 * - GET  /api/forms/start?account_id                        → formStartSchema
 * - GET  /api/forms/providers                               → formProviderListSchema
 * - GET  /api/forms/providers/{providerId}                  → formProviderPageSchema
 * - GET  /api/forms/use-cases                               → formUseCaseListSchema
 * - GET  /api/forms/{formId}?account_id&version             → formDetailSchema (with `prefill`)
 * - POST /api/forms/{formId}/files?account_id               multipart `file` → 201 formFileSchema
 * - POST /api/forms/{formId}/files/from-upload              formFileFromUploadRequestSchema → 201 formFileSchema
 * - POST /api/forms/{formId}/submissions                    submitFormRequestSchema → 201 formSubmissionSummarySchema
 * - GET  /api/form-drafts?account_id                        → formDraftListSchema
 * - POST /api/form-drafts                                   createFormDraftRequestSchema → 201 formDraftSchema
 * - GET  /api/form-drafts/{id}                              → formDraftSchema
 * - PUT  /api/form-drafts/{id}                              updateFormDraftRequestSchema → formDraftSchema (stale `version`: CONFLICT)
 * - DELETE /api/form-drafts/{id}                            → 204
 * - GET  /api/form-submissions?account_id&cursor            → formSubmissionPageSchema
 * - GET  /api/form-submissions/{id}/receipt                 → the PDF (application/pdf)
 *
 * Public, no login (DESIGN §8; rate-limited per address and per form):
 * - GET  /api/public/forms/{providerId}/{formId}            → formDetailSchema (no prefill); not
 *   public or not this provider's: 404; unpublished: 410 FORM_UNPUBLISHED
 * - POST /api/public/forms/{formId}/upload-token            → 201 formUploadTokenSchema
 * - POST /api/public/forms/{formId}/files                   multipart `file`, header
 *   `Kuvert-Form-Token` → 201 formFileSchema
 * - POST /api/public/forms/{formId}/submissions             publicSubmitFormRequestSchema → 201 publicFormReceiptSchema
 * - GET  /api/public/form-submissions/{id}/receipt?key     the receipt_url of that answer → the PDF;
 *   409 while it is being made, 404 for a wrong or expired key (a day)
 *
 * Answers that break a rule are 422 VALIDATION_FAILED with `details: FieldIssue[]` whose `path`
 * is `data.<field path>` and whose `i18n`/`values` are the shared `AnswerIssue`'s.
 */

export const formUseCaseSchema = z.enum(FORM_USE_CASES);

export const formSubmissionStatuses = ['processing', 'delivered', 'failed'] as const;
export const formSubmissionStatusSchema = z.enum(formSubmissionStatuses);
export type FormSubmissionStatus = z.infer<typeof formSubmissionStatusSchema>;

/** The header an anonymous visitor's file upload carries its token in. */
export const FORM_TOKEN_HEADER = 'kuvert-form-token';
/** How long an anonymous upload token and an unattached file live. */
export const FORM_TOKEN_TTL_SECONDS = 2 * 60 * 60;

const definitionObject = z.record(z.string(), z.unknown());

// ---- Sender API ----------------------------------------------------------------------------

export const senderFormRequestSchema = z
  .object({
    title: shownText().min(1).max(FORM_LIMITS.maxTitleLength),
    description: z.string().trim().max(FORM_LIMITS.maxDescriptionLength).default(''),
    use_cases: z.array(formUseCaseSchema).min(1).max(FORM_USE_CASES.length),
    public: z.boolean().describe('true: anyone may fill it out without logging in'),
    schema: definitionObject.describe('A JSON Schema 2020-12 subset; see the README'),
    ui_schema: definitionObject.default({}).describe('Order, labels, help, widgets'),
  })
  .meta({ id: 'SenderFormRequest' });
export type SenderFormRequest = z.input<typeof senderFormRequestSchema>;

export const senderFormPublishedSchema = z
  .object({ id: z.string(), version: z.number().int() })
  .meta({ id: 'SenderFormPublished' });
export type SenderFormPublished = z.infer<typeof senderFormPublishedSchema>;

export const senderFormVersionSchema = z.object({
  version: z.number().int(),
  created_at: z.iso.datetime(),
  submission_count: z.number().int(),
});

export const senderFormSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    use_cases: z.array(formUseCaseSchema),
    public: z.boolean(),
    current_version: z.number().int(),
    unpublished_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    submission_count: z.number().int(),
    versions: z.array(senderFormVersionSchema),
    /** GET /forms/{id} only: the current version's definition. */
    schema: definitionObject.optional(),
    ui_schema: definitionObject.optional(),
  })
  .meta({ id: 'SenderForm' });
export type SenderForm = z.infer<typeof senderFormSchema>;

export const senderFormListSchema = z
  .object({ items: z.array(senderFormSchema) })
  .meta({ id: 'SenderFormList' });
export type SenderFormList = z.infer<typeof senderFormListSchema>;

/** `data` of the `form.submitted` webhook. */
export const formSubmittedWebhookDataSchema = z
  .object({
    message_id: z.string().describe('The submission in GET /messages'),
    reference: z.string(),
    form: z.object({ id: z.string(), version: z.number().int() }),
    data: z.record(z.string(), z.unknown()),
    submitted_at: z.iso.datetime(),
    pdf_url: z.string().describe('Download with your API key'),
  })
  .meta({ id: 'SenderWebhookFormSubmitted' });
export type FormSubmittedWebhookData = z.infer<typeof formSubmittedWebhookDataSchema>;

// ---- Portal --------------------------------------------------------------------------------

export const formProviderSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.string(),
    verified: z.boolean(),
    logo_url: z.string().nullable(),
  })
  .meta({ id: 'FormProvider' });
export type FormProvider = z.infer<typeof formProviderSchema>;

export const formSummarySchema = z
  .object({
    id: z.string(),
    provider: formProviderSchema,
    title: z.string(),
    description: z.string(),
    use_cases: z.array(formUseCaseSchema),
    version: z.number().int(),
    public: z.boolean(),
    updated_at: z.iso.datetime(),
    /**
     * Set when the provider withdrew the form. The catalogue shows published forms only; a
     * draft of a withdrawn form still lists, and says so by this.
     */
    unpublished_at: z.iso.datetime().nullable().optional(),
  })
  .meta({ id: 'FormSummary' });
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formCatalogueQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  use_case: formUseCaseSchema.optional(),
  provider_id: z.string().max(64).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type FormCatalogueQuery = z.input<typeof formCatalogueQuerySchema>;

export const formCataloguePageSchema = z
  .object({ items: z.array(formSummarySchema), next_cursor: z.string().nullable() })
  .meta({ id: 'FormCataloguePage' });
export type FormCataloguePage = z.infer<typeof formCataloguePageSchema>;

export const formDraftSummarySchema = z
  .object({
    id: z.string(),
    form: formSummarySchema,
    form_version: z.number().int(),
    /** How many fields have an answer, of how many. */
    answered: z.number().int(),
    field_count: z.number().int(),
    created_by_name: z.string().nullable(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'FormDraftSummary' });
export type FormDraftSummary = z.infer<typeof formDraftSummarySchema>;

export const formDraftListSchema = z
  .object({ items: z.array(formDraftSummarySchema) })
  .meta({ id: 'FormDraftList' });
export type FormDraftList = z.infer<typeof formDraftListSchema>;

/** /forms: where to start. */
export const formStartSchema = z
  .object({
    /** Published forms of providers that wrote to the account, the latest writer first. */
    recent: z.array(formSummarySchema),
    drafts: z.array(formDraftSummarySchema),
  })
  .meta({ id: 'FormStart' });
export type FormStart = z.infer<typeof formStartSchema>;

export const formProviderListSchema = z
  .object({
    items: z.array(formProviderSchema.extend({ form_count: z.number().int() })),
  })
  .meta({ id: 'FormProviderList' });
export type FormProviderList = z.infer<typeof formProviderListSchema>;

export const formProviderPageSchema = z
  .object({
    provider: formProviderSchema,
    /** Letters the caller's accounts received from it. */
    letter_count: z.number().int(),
    forms: z.array(formSummarySchema),
  })
  .meta({ id: 'FormProviderPage' });
export type FormProviderPage = z.infer<typeof formProviderPageSchema>;

export const formUseCaseListSchema = z
  .object({
    items: z.array(z.object({ use_case: formUseCaseSchema, form_count: z.number().int() })),
  })
  .meta({ id: 'FormUseCaseList' });
export type FormUseCaseList = z.infer<typeof formUseCaseListSchema>;

export const formDetailQuerySchema = z.object({
  account_id: z.string().max(64).optional(),
  version: z.coerce.number().int().min(1).optional(),
});

/** A form to fill out, at one version (the current one unless asked for another). */
export const formDetailSchema = z
  .object({
    id: z.string(),
    provider: formProviderSchema,
    title: z.string(),
    description: z.string(),
    use_cases: z.array(formUseCaseSchema),
    version: z.number().int(),
    current_version: z.number().int(),
    public: z.boolean(),
    schema: definitionObject,
    ui_schema: definitionObject,
    /** Logged in: answers from the profile by field path (`x-kuvert-prefill`); public: {}. */
    prefill: z.record(z.string(), z.string()),
  })
  .meta({ id: 'FormDetail' });
export type FormDetail = z.infer<typeof formDetailSchema>;

export const formFileSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'FormFile' });
export type FormFile = z.infer<typeof formFileSchema>;

export const formFileFromUploadRequestSchema = z.object({
  account_id: z.string().min(1).max(64),
  upload_id: z.string().min(1).max(64),
});

export const formUploadTokenSchema = z
  .object({ token: z.string(), expires_at: z.iso.datetime() })
  .meta({ id: 'FormUploadToken' });
export type FormUploadToken = z.infer<typeof formUploadTokenSchema>;

const answersObject = z.record(z.string(), z.unknown());

export const createFormDraftRequestSchema = z.object({
  account_id: z.string().min(1).max(64),
  form_id: z.string().min(1).max(64),
  form_version: z.number().int().min(1),
  data: answersObject.default({}),
});
export type CreateFormDraftRequest = z.input<typeof createFormDraftRequestSchema>;

/** The whole answers again, with the version the draft was loaded at. */
export const updateFormDraftRequestSchema = z.object({
  data: answersObject,
  version: z.number().int().min(1),
  /** Move the draft to another version of the form (the current one), keeping what fits. */
  form_version: z.number().int().min(1).optional(),
});
export type UpdateFormDraftRequest = z.input<typeof updateFormDraftRequestSchema>;

export const formDraftSchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    form: formSummarySchema,
    form_version: z.number().int(),
    data: answersObject,
    /** The files its file fields hold, by id. */
    files: z.array(formFileSchema),
    version: z.number().int(),
    created_by_name: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'FormDraft' });
export type FormDraft = z.infer<typeof formDraftSchema>;

export const submitFormRequestSchema = z.object({
  account_id: z.string().min(1).max(64),
  form_version: z.number().int().min(1),
  data: answersObject,
  /** The draft it was written in: deleted in the same transaction; submitting it twice is one submission. */
  draft_id: z.string().min(1).max(64).optional(),
});
export type SubmitFormRequest = z.input<typeof submitFormRequestSchema>;

export const publicSubmitFormRequestSchema = z.object({
  form_version: z.number().int().min(1),
  data: answersObject,
  /**
   * Where to e-mail a confirmation: the provider, the form's title, the reference and the time,
   * never the answers (the address is not confirmed, so it may be anyone's); none: no e-mail.
   */
  receipt_email: z.email().max(254).optional(),
  /** The upload token the files were sent with; needed when the answers name files. */
  token: z.string().max(200).optional(),
  language: z.enum(languages).default('en'),
});
export type PublicSubmitFormRequest = z.input<typeof publicSubmitFormRequestSchema>;

export const publicFormReceiptSchema = z
  .object({
    reference: z.string(),
    submitted_at: z.iso.datetime(),
    receipt_emailed: z.boolean(),
    /**
     * The PDF of the answers, for the browser that sent them: opens with the key it holds for
     * a day (GET; 409 while the PDF is being made, 404 once the key has expired).
     */
    receipt_url: z.string(),
  })
  .meta({ id: 'PublicFormReceipt' });
export type PublicFormReceipt = z.infer<typeof publicFormReceiptSchema>;

export const formSubmissionSummarySchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    form: z.object({ id: z.string(), title: z.string(), version: z.number().int() }),
    provider: formProviderSchema,
    status: formSubmissionStatusSchema,
    failure_reason: z.string().nullable(),
    submitted_by_name: z.string().nullable(),
    created_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
    /** The receipt PDF, once delivered. */
    receipt_url: z.string().nullable(),
  })
  .meta({ id: 'FormSubmissionSummary' });
export type FormSubmissionSummary = z.infer<typeof formSubmissionSummarySchema>;

export const formSubmissionPageSchema = z
  .object({ items: z.array(formSubmissionSummarySchema), next_cursor: z.string().nullable() })
  .meta({ id: 'FormSubmissionPage' });
export type FormSubmissionPage = z.infer<typeof formSubmissionPageSchema>;

// ---- Files and submissions (additions to the route list above) -----------------------------

const formFileTargetShape = {
  /**
   * The file field the file is for (its dotted path, e.g. `documents.proof`): judged by that
   * field's accepted types. Without it, by the types any file field of the form takes.
   */
  field: z.string().min(1).max(200).optional(),
  /** The version whose fields `field` names; the current one unless given. */
  version: z.coerce.number().int().min(1).optional(),
};

/** POST /api/forms/{formId}/files */
export const formFileUploadQuerySchema = z.object({
  account_id: z.string().min(1).max(64),
  ...formFileTargetShape,
});
export type FormFileUploadQuery = z.input<typeof formFileUploadQuerySchema>;

/** POST /api/public/forms/{formId}/files (the token comes in the Kuvert-Form-Token header). */
export const publicFormFileUploadQuerySchema = z.object(formFileTargetShape);
export type PublicFormFileUploadQuery = z.input<typeof publicFormFileUploadQuerySchema>;

/** GET /api/form-submissions: newest first. */
export const formSubmissionListQuerySchema = z.object({
  account_id: z.string().min(1).max(64),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type FormSubmissionListQuery = z.input<typeof formSubmissionListQuerySchema>;

/** POST /api/forms/{formId}/files/from-upload: the request, with the optional field to judge by. */
export const formFileFromUploadBodySchema = formFileFromUploadRequestSchema.extend({
  field: formFileTargetShape.field,
  version: z.number().int().min(1).optional(),
});
export type FormFileFromUploadBody = z.input<typeof formFileFromUploadBodySchema>;
