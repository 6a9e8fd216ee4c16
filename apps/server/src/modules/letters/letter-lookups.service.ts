import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LetterKind } from '@kuvert/shared/letters';
import type { Database, LetterDirectionValue } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findProviderRefs } from '../providers/provider-refs.service.ts';
import {
  findLetterRefRows,
  findLetterTextRows,
  findVisibleLetterRow,
} from './letter-lookups.repository.ts';
import { toKind } from './letters.presenter.ts';

/**
 * Letters as other areas see them: case files link letters and read their text for reference
 * numbers. `db` may be the caller's transaction.
 */

export interface LetterRef {
  id: string;
  account_id: string;
  direction: LetterDirectionValue;
  kind: LetterKind;
  subject: string;
  /** inbound: the provider or person who wrote it; outbound: the first recipient. */
  counterpart: string;
  created_at: string;
  trashed_at: string | null;
}

/** Text read per letter for reference numbers: enough for any real letter, bounded for a huge one. */
export const LETTER_TEXT_MAX_CHARS = 200_000;
/** Letters read at once, so memory stays bounded however many a caller names. */
const CHUNK = 50;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/** The account's letters among `letterIds` (received or sent, trashed too), by id. */
export async function findLetterRefs(
  db: Kysely<Database>,
  accountId: string,
  letterIds: readonly string[],
): Promise<Map<string, LetterRef>> {
  const refs = new Map<string, LetterRef>();
  for (const chunk of chunksOf([...new Set(letterIds)], 500)) {
    const rows = await findLetterRefRows(db, accountId, chunk);
    const providers = await findProviderRefs(
      db,
      rows.map((row) => row.provider_id),
    );
    for (const row of rows) {
      const { provider_id, sender_name, first_recipient_name, ...ref } = row;
      const providerName = provider_id === null ? null : (providers.get(provider_id)?.name ?? null);
      refs.set(row.id, {
        ...ref,
        kind: toKind(row.kind),
        counterpart: counterpartOf(row.direction, providerName, sender_name, first_recipient_name),
      });
    }
  }
  return refs;
}

/** inbound: who wrote it; outbound: the first recipient, or the provider a reply went to. */
function counterpartOf(
  direction: LetterDirectionValue,
  providerName: string | null,
  senderName: string | null,
  firstRecipientName: string | null,
): string {
  if (direction === 'inbound') return providerName ?? senderName ?? '';
  return firstRecipientName ?? providerName ?? '';
}

/**
 * Each letter's subject, body and documents' extracted text, at most LETTER_TEXT_MAX_CHARS
 * in all; `use` gets them a few at a time.
 */
export async function readLetterTexts(
  db: Kysely<Database>,
  letterIds: readonly string[],
  use: (letterId: string, text: string) => void,
): Promise<void> {
  for (const chunk of chunksOf([...new Set(letterIds)], CHUNK)) {
    const { letters, documents } = await findLetterTextRows(db, chunk, LETTER_TEXT_MAX_CHARS);
    const parts = new Map(letters.map((letter) => [letter.id, [letter.subject, letter.body]]));
    for (const document of documents) parts.get(document.letter_id)?.push(document.text);
    for (const [letterId, texts] of parts) {
      use(letterId, texts.join('\n').slice(0, LETTER_TEXT_MAX_CHARS));
    }
  }
}

/** A letter the caller may see (any role), with its account; 404 otherwise. */
export async function requireVisibleLetter(
  app: Pick<FastifyInstance, 'db'>,
  userId: string,
  letterId: string,
): Promise<{ id: string; account_id: string }> {
  const letter = await findVisibleLetterRow(app.db, userId, letterId);
  if (!letter) throw new AppError('NOT_FOUND');
  return letter;
}
