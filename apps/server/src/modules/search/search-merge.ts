import type { SearchSort } from '@kuvert/shared/search';
import type { LetterMatchedIn, SearchMatch, UploadMatchedIn } from './search-types.ts';

export type TaggedMatch =
  | { type: 'letter'; match: SearchMatch<LetterMatchedIn> }
  | { type: 'upload'; match: SearchMatch<UploadMatchedIn> };

export interface MergedPage {
  page: TaggedMatch[];
  /** How many of the page came from each index. */
  letters: number;
  uploads: number;
  /** Either index had a match beyond the page. */
  hasMore: boolean;
}

/** Newest first; the id decides between equal times, as in both indexes' own order. */
function isNewer(a: SearchMatch<string>, b: SearchMatch<string>): boolean {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

/**
 * Whether `a` comes before `b`. By relevance: the higher score (both indexes score alike, see
 * SearchMatch.score), then newer; so each index's own order is kept, and the merge of the two
 * is one order that paging can continue.
 */
function comesBefore(sort: SearchSort, a: SearchMatch<string>, b: SearchMatch<string>): boolean {
  if (sort === 'relevance' && a.score !== b.score) return a.score > b.score;
  return isNewer(a, b);
}

/**
 * The first `limit` of two ordered streams of matches, in one order: each stream is a page of
 * its index from where the cursor left it, one longer than the page, so whether more follow is
 * known.
 */
export function mergeMatches(
  sort: SearchSort,
  letters: SearchMatch<LetterMatchedIn>[],
  uploads: SearchMatch<UploadMatchedIn>[],
  limit: number,
): MergedPage {
  const page: TaggedMatch[] = [];
  let l = 0;
  let u = 0;
  while (page.length < limit) {
    const letter = letters[l];
    const upload = uploads[u];
    if (letter && (!upload || comesBefore(sort, letter, upload))) {
      page.push({ type: 'letter', match: letter });
      l += 1;
    } else if (upload) {
      page.push({ type: 'upload', match: upload });
      u += 1;
    } else {
      break;
    }
  }
  return {
    page,
    letters: l,
    uploads: u,
    hasMore: l < letters.length || u < uploads.length,
  };
}
