import { endpoint, multipart } from '../api/index.ts';
import {
  createFormDraftRequestSchema,
  formCataloguePageSchema,
  formCatalogueQuerySchema,
  formDetailQuerySchema,
  formDetailSchema,
  formDraftListSchema,
  formDraftSchema,
  formFileFromUploadRequestSchema,
  formFileSchema,
  formFileUploadQuerySchema,
  formProviderListSchema,
  formProviderPageSchema,
  formStartSchema,
  formSubmissionPageSchema,
  formSubmissionListQuerySchema,
  formSubmissionSummarySchema,
  formUseCaseListSchema,
  submitFormRequestSchema,
  updateFormDraftRequestSchema,
} from './index.ts';

/** The forms of a person logged in; the anonymous visitor's are in `@kuvert/shared/api`. */
export const formEndpoints = {
  catalogue: endpoint({
    method: 'GET',
    path: '/api/forms',
    query: formCatalogueQuerySchema,
    answer: formCataloguePageSchema,
  }),
  start: endpoint({ method: 'GET', path: '/api/forms/start', answer: formStartSchema }),
  providers: endpoint({
    method: 'GET',
    path: '/api/forms/providers',
    answer: formProviderListSchema,
  }),
  provider: endpoint({
    method: 'GET',
    path: '/api/forms/providers/:providerId',
    answer: formProviderPageSchema,
  }),
  useCases: endpoint({
    method: 'GET',
    path: '/api/forms/use-cases',
    answer: formUseCaseListSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/forms/:formId',
    query: formDetailQuerySchema,
    answer: formDetailSchema,
  }),
  addFile: endpoint({
    method: 'POST',
    path: '/api/forms/:formId/files',
    query: formFileUploadQuerySchema,
    body: multipart,
    answer: formFileSchema,
  }),
  addFileFromUpload: endpoint({
    method: 'POST',
    path: '/api/forms/:formId/files/from-upload',
    body: formFileFromUploadRequestSchema,
    answer: formFileSchema,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/forms/:formId/submissions',
    body: submitFormRequestSchema,
    answer: formSubmissionSummarySchema,
  }),
  drafts: endpoint({ method: 'GET', path: '/api/form-drafts', answer: formDraftListSchema }),
  createDraft: endpoint({
    method: 'POST',
    path: '/api/form-drafts',
    body: createFormDraftRequestSchema,
    answer: formDraftSchema,
  }),
  draft: endpoint({ method: 'GET', path: '/api/form-drafts/:id', answer: formDraftSchema }),
  updateDraft: endpoint({
    method: 'PUT',
    path: '/api/form-drafts/:id',
    body: updateFormDraftRequestSchema,
    answer: formDraftSchema,
  }),
  deleteDraft: endpoint({ method: 'DELETE', path: '/api/form-drafts/:id' }),
  submissions: endpoint({
    method: 'GET',
    path: '/api/form-submissions',
    query: formSubmissionListQuerySchema,
    answer: formSubmissionPageSchema,
  }),
  /** A submission's PDF, 409 while it is being made; a summary's `receipt_url` names it. */
  receipt: endpoint({ method: 'GET', path: '/api/form-submissions/:id/receipt' }),
};
