import { apiRequest } from '../../../lib/http.ts';

/** DELETE /api/form-drafts/{id}: the draft is gone (its files with it). */
export function discardFormDraft(draftId: string): Promise<void> {
  return apiRequest(`/api/form-drafts/${encodeURIComponent(draftId)}`, { method: 'DELETE' });
}
