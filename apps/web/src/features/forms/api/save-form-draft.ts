import type {
  CreateFormDraftRequest,
  FormDraft,
  UpdateFormDraftRequest,
} from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/** POST /api/form-drafts: the first save of a form being filled out. */
export function createFormDraft(request: CreateFormDraftRequest): Promise<FormDraft> {
  return apiCall(formEndpoints.createDraft, { body: request });
}

/**
 * PUT /api/form-drafts/{id}: every later save (an outdated `version` is CONFLICT); with
 * `form_version`, the draft moves to that version of the form, keeping what fits.
 */
export function updateFormDraft(
  draftId: string,
  request: UpdateFormDraftRequest,
): Promise<FormDraft> {
  return apiCall(formEndpoints.updateDraft, { params: { id: draftId }, body: request });
}
