import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error.ts';
import { findAccountNames } from '../accounts/account-names.service.ts';
import { findProviderNames } from '../providers/provider-names.service.ts';
import type { LetterCursor } from './letter-cursor.ts';
import {
  findDocumentsOfLetters,
  findSyncedLetter,
  findSyncedLettersAfter,
  type SyncedLetterRow,
} from './letter-sync.repository.ts';

/*
 * The letters of all of a person's mailboxes in the order they arrived, for a script that
 * mirrors them (the personal API). A page ends at a cursor, and the next page begins right
 * after it, so nothing repeats.
 *
 * A letter's arrival time is stamped just before its transaction writes it; a slow
 * transaction can commit after a quicker, later-stamped one. Were the feed to hand out letters
 * up to the very last moment, a cursor could pass the slow one before it is visible and never
 * show it. So the feed stops SETTLE_SECONDS short of now: a letter appears in it once that
 * long has passed since it arrived, when every write that began before it has ended.
 */
export const SETTLE_SECONDS = 10;

export interface SyncedLetterDocument {
  id: string;
  role: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface SyncedLetter {
  row: SyncedLetterRow;
  mailboxName: string;
  providerName: string | null;
  documents: SyncedLetterDocument[];
}

export interface SyncedLetterPage {
  letters: SyncedLetter[];
  nextCursor: string;
  hasMore: boolean;
}

/** Before every letter: (the epoch, the empty id). */
const BEGINNING: LetterCursor = { createdAt: new Date(0).toISOString(), id: '' };
const cursorSchema = z.tuple([z.iso.datetime(), z.string().max(64)]);

function encodeSyncCursor(cursor: LetterCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** Opaque to clients (base64url JSON); anything else is a 400 that names the parameter. */
function decodeSyncCursor(value: string | undefined): LetterCursor {
  if (value === undefined) return BEGINNING;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString()));
    if (parsed.success) return { createdAt: parsed.data[0], id: parsed.data[1] };
  } catch {
    // Falls through to the validation error below.
  }
  throw new AppError('VALIDATION_FAILED', {
    details: [{ path: 'querystring.since', message: 'Not a cursor from this API' }],
  });
}

async function withNames(
  app: Pick<FastifyInstance, 'db'>,
  rows: readonly SyncedLetterRow[],
): Promise<SyncedLetter[]> {
  const mailboxes = await findAccountNames(app.db, [...new Set(rows.map((row) => row.account_id))]);
  const providers = await findProviderNames(
    app.db,
    rows.map((row) => row.provider_id),
  );
  const documents = await findDocumentsOfLetters(
    app.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    row,
    mailboxName: mailboxes.get(row.account_id) ?? '',
    providerName: row.provider_id === null ? null : (providers.get(row.provider_id) ?? null),
    documents: documents
      .filter((document) => document.letter_id === row.id)
      .map((document) => ({
        id: document.id,
        role: document.role,
        filename: document.filename,
        contentType: document.content_type,
        size: Number(document.size),
      })),
  }));
}

/** The caller's letters after the cursor `since`, oldest first. */
export async function listLettersSince(
  app: Pick<FastifyInstance, 'db' | 'clock'>,
  userId: string,
  input: { since?: string | undefined; limit: number },
): Promise<SyncedLetterPage> {
  const after = decodeSyncCursor(input.since);
  const horizon = new Date(app.clock.now().getTime() - SETTLE_SECONDS * 1000).toISOString();
  const rows = await findSyncedLettersAfter(app.db, {
    userId,
    after,
    horizon,
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    letters: await withNames(app, page),
    nextCursor: encodeSyncCursor(last ? { createdAt: last.created_at, id: last.id } : after),
    hasMore: rows.length > input.limit,
  };
}

/** One of the caller's letters, as the feed shows it; 404 when it is not theirs. */
export async function getSyncedLetter(
  app: Pick<FastifyInstance, 'db'>,
  userId: string,
  letterId: string,
): Promise<SyncedLetter> {
  const row = await findSyncedLetter(app.db, userId, letterId);
  if (!row) throw new AppError('NOT_FOUND');
  const [letter] = await withNames(app, [row]);
  if (!letter) throw new AppError('NOT_FOUND');
  return letter;
}
