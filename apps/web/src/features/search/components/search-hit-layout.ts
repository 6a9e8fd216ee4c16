import type { LetterSearchHit, SearchHit, UploadSearchHit } from '@kuvert/shared/search';

/**
 * The hits of a search as the letter list shows them: the letters as its rows, and each upload
 * placed before the letter it precedes in the results (or after the last letter), so the list
 * keeps the order of the search.
 */
export interface SearchHitLayout {
  letterHits: LetterSearchHit[];
  /** The uploads shown just before a letter's row, by the letter's id. */
  uploadsBefore: ReadonlyMap<string, UploadSearchHit[]>;
  /** The uploads after the last letter (all of them when there is no letter). */
  uploadsAfter: UploadSearchHit[];
}

export function layOutSearchHits(hits: readonly SearchHit[]): SearchHitLayout {
  const letterHits: LetterSearchHit[] = [];
  const uploadsBefore = new Map<string, UploadSearchHit[]>();
  let pending: UploadSearchHit[] = [];
  for (const hit of hits) {
    if (hit.type === 'upload') {
      pending.push(hit);
      continue;
    }
    letterHits.push(hit);
    if (pending.length > 0) uploadsBefore.set(hit.letter.id, pending);
    pending = [];
  }
  return { letterHits, uploadsBefore, uploadsAfter: pending };
}
