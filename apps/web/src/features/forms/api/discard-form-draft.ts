import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/** DELETE /api/form-drafts/{id}: the draft is gone (its files with it). */
export function discardFormDraft(draftId: string): Promise<void> {
  return apiCall(formEndpoints.deleteDraft, { params: { id: draftId } });
}
