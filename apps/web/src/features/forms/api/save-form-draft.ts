import { formDraftSchema } from '@kuvert/shared/forms';
import type {
  CreateFormDraftRequest,
  FormDraft,
  UpdateFormDraftRequest,
} from '@kuvert/shared/forms';
import { apiRequest } from '../../../lib/http.ts';

/** POST /api/form-drafts: the first save of a form being filled out. */
export function createFormDraft(request: CreateFormDraftRequest): Promise<FormDraft> {
  return apiRequest('/api/form-drafts', {
    method: 'POST',
    body: request,
    schema: formDraftSchema,
  });
}

/**
 * PUT /api/form-drafts/{id}: every later save (an outdated `version` is CONFLICT); with
 * `form_version`, the draft moves to that version of the form, keeping what fits.
 */
export function updateFormDraft(
  draftId: string,
  request: UpdateFormDraftRequest,
): Promise<FormDraft> {
  return apiRequest(`/api/form-drafts/${encodeURIComponent(draftId)}`, {
    method: 'PUT',
    body: request,
    schema: formDraftSchema,
  });
}
