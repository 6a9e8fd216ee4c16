import { z } from 'zod';
import { letterSummarySchema } from '../letters/index.ts';
import { uploadSummarySchema } from '../uploads/index.ts';

export const SEARCH_QUERY_MAX_LENGTH = 200;
/** From here on the search box counts the characters left. */
export const SEARCH_QUERY_COUNTER_FROM = 170;

/**
 * What a user types: words, `"exact phrase"`, `a OR b`, `-word`. Checked by the server and,
 * before sending, by the search box, so a query past the limit is explained, never cut.
 */
export const searchTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(SEARCH_QUERY_MAX_LENGTH, `At most ${SEARCH_QUERY_MAX_LENGTH} characters`);

export const searchSorts = ['relevance', 'newest'] as const;
export const searchSortSchema = z.enum(searchSorts);
export type SearchSort = z.infer<typeof searchSortSchema>;

/** What a search looks through: letters and uploads together, or one of them. */
export const searchKinds = ['all', 'letters', 'uploads'] as const;
export const searchKindSchema = z.enum(searchKinds);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const searchQuerySchema = z.object({
  account_id: z.string().min(1),
  q: searchTextSchema.describe('Words (all must match), "exact phrase", a OR b, -word'),
  sort: searchSortSchema
    .default('relevance')
    .describe(
      'relevance: best matches first (letters and uploads ranked alike: an upload’s name weighs as a subject, its text as a letter’s documents); newest: newest first',
    ),
  kind: searchKindSchema
    .default('all')
    .describe('all: letters and uploads in one list; letters or uploads: only those'),
  cursor: z
    .string()
    .max(512)
    .optional()
    .describe('Opaque; from next_cursor, for the same sort and kind'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * A hit with a snippet of where it matched. Matched words are wrapped in U+E000 … U+E001
 * (private-use characters that never occur in letters), so the client highlights them
 * without ever interpreting HTML from the server.
 */
export const SEARCH_HIGHLIGHT_START = '\uE000';
export const SEARCH_HIGHLIGHT_END = '\uE001';

export const letterSearchHitSchema = z
  .object({
    type: z.literal('letter'),
    letter: letterSummarySchema,
    snippet: z.string(),
    matched_in: z.enum(['subject', 'provider', 'body', 'document']),
  })
  .meta({ id: 'LetterSearchHit' });
export type LetterSearchHit = z.infer<typeof letterSearchHitSchema>;

export const uploadSearchHitSchema = z
  .object({
    type: z.literal('upload'),
    upload: uploadSummarySchema,
    snippet: z.string(),
    /** The upload's name, or the text Kuvert read from it (PDF text, OCR, a text file). */
    matched_in: z.enum(['name', 'text']),
  })
  .meta({ id: 'UploadSearchHit' });
export type UploadSearchHit = z.infer<typeof uploadSearchHitSchema>;

/** A letter or an upload, told apart by `type`. */
export const searchHitSchema = z
  .discriminatedUnion('type', [letterSearchHitSchema, uploadSearchHitSchema])
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z
  .object({ hits: z.array(searchHitSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;
