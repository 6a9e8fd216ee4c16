import type { CreateDraftRequest, LetterDraft, UpdateDraftRequest } from '@kuvert/shared/outbox';
import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/** POST /api/letter-drafts: the first save of a new letter. */
export function createDraft(request: CreateDraftRequest): Promise<LetterDraft> {
  return apiCall(outboxEndpoints.createDraft, { body: request });
}

/** PUT /api/letter-drafts/{id}: every later save; an outdated `version` is CONFLICT. */
export function updateDraft(draftId: string, request: UpdateDraftRequest): Promise<LetterDraft> {
  return apiCall(outboxEndpoints.updateDraft, { params: { id: draftId }, body: request });
}
