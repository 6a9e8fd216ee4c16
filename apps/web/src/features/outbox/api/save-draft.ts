import { letterDraftSchema } from '@kuvert/shared/outbox';
import type { CreateDraftRequest, LetterDraft, UpdateDraftRequest } from '@kuvert/shared/outbox';
import { apiRequest } from '../../../lib/http.ts';

/** POST /api/letter-drafts: the first save of a new letter. */
export function createDraft(request: CreateDraftRequest): Promise<LetterDraft> {
  return apiRequest('/api/letter-drafts', {
    method: 'POST',
    body: request,
    schema: letterDraftSchema,
  });
}

/** PUT /api/letter-drafts/{id}: every later save; an outdated `version` is CONFLICT. */
export function updateDraft(draftId: string, request: UpdateDraftRequest): Promise<LetterDraft> {
  return apiRequest(`/api/letter-drafts/${encodeURIComponent(draftId)}`, {
    method: 'PUT',
    body: request,
    schema: letterDraftSchema,
  });
}
