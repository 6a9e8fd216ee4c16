import type { FastifyInstance } from 'fastify';
import type {
  BulkLetterRequest,
  BulkLetterResult,
  LetterDetail,
  LetterPage,
  LetterSummary,
  LetterView,
} from '@kuvert/shared/letters';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { filterLettersKnownToProvider } from '../../plugins/provider-known-letters.ts';
import { getFolderAccountId } from '../folders/folders.service.ts';
import { todayOf } from '../invoices/invoice-status.ts';
import { enqueueWebhook } from '../providers/provider-webhooks.service.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import { decodeCursor, encodeCursor } from './letter-cursor.ts';
import { deleteTrashedLettersForever } from './letter-removal.service.ts';
import {
  findLettersWithRole,
  markLettersRead,
  markLettersUnread,
  moveLetters,
  trashLetters,
} from './letter-writes.repository.ts';
import { restoreLettersToLiveFolders } from './letter-restore.service.ts';
import { toLetterDetail, toLetterSummary } from './letters.presenter.ts';
import {
  findDocumentsOfLetter,
  findLetterForUser,
  findLetterPage,
  findRecipientsByLetter,
  findReplies,
  selectLetterSummaries,
  type LetterRow,
} from './letters.repository.ts';

export interface LetterListInput {
  account_id: string;
  view: LetterView;
  folder_id?: string | undefined;
  provider_id?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export async function listLetters(
  app: FastifyInstance,
  userId: string,
  input: LetterListInput,
): Promise<LetterPage> {
  if (input.view === 'folder') {
    await assertAccountAction(app.db, userId, input.account_id, 'read');
    if (!input.folder_id) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ path: 'querystring.folder_id', message: 'Required for the folder view' }],
      });
    }
    const folderAccount = await getFolderAccountId(app, input.folder_id);
    if (folderAccount !== input.account_id) throw new AppError('NOT_FOUND');
  }
  const rows = await findLetterPage(app.db, {
    userId,
    accountId: input.account_id,
    view: input.view,
    folderId: input.folder_id,
    providerId: input.provider_id,
    cursor: decodeCursor(input.cursor),
    limit: input.limit,
  });
  // The page query returns only letters of the caller's accounts, so any row proves the
  // membership; an empty page must still answer a stranger 404, not "no letters".
  if (rows.length === 0 && input.view !== 'folder') {
    await assertAccountAction(app.db, userId, input.account_id, 'read');
  }
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const hasMore = rows.length > input.limit;
  const today = todayOf(app);
  const recipients = await findRecipientsByLetter(app.db, page);
  return {
    items: page.map((row) => toLetterSummary(row, today, recipients.get(row.id))),
    next_cursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** Summaries of the given letters the caller may see, in one query. */
export async function getLetterSummaries(
  app: FastifyInstance,
  userId: string,
  letterIds: string[],
): Promise<LetterSummary[]> {
  if (letterIds.length === 0) return [];
  const rows = await selectLetterSummaries(app.db, userId).where('l.id', 'in', letterIds).execute();
  const today = todayOf(app);
  const recipients = await findRecipientsByLetter(app.db, rows);
  return rows.map((row) => toLetterSummary(row, today, recipients.get(row.id)));
}

/** A letter with the caller's role in its account. */
export type LetterOfUser = LetterRow & { role: string };

/**
 * What other areas add to a letter's detail: its signature request (signatures) and the
 * provider's form it names (the Sender API's forms). The route composes them, so the letters
 * area depends on neither.
 */
export interface LetterDetailParts {
  signature: (letter: LetterOfUser) => Promise<LetterDetail['signature']>;
  form: (letter: LetterOfUser) => Promise<LetterDetail['form']>;
}

/** The letter with the caller's role in its account; undefined when they may not see it. */
export async function findLetterOfUser(
  app: Pick<FastifyInstance, 'db'>,
  userId: string,
  letterId: string,
): Promise<LetterOfUser | undefined> {
  return findLetterForUser(app.db, userId, letterId);
}

export async function getLetterDetail(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  parts: LetterDetailParts,
): Promise<LetterDetail> {
  const letter = await findLetterForUser(app.db, userId, letterId);
  if (!letter) throw new AppError('NOT_FOUND');
  const summaryRows = await selectLetterSummaries(app.db, userId)
    .where('l.id', '=', letterId)
    .execute();
  if (summaryRows.length === 0) throw new AppError('NOT_FOUND');
  const documents = await findDocumentsOfLetter(app.db, letterId);
  const replyRows = await findReplies(app.db, userId, letterId);
  const [summary, ...replies] = [...summaryRows, ...replyRows];
  if (!summary) throw new AppError('NOT_FOUND');
  const signature = await parts.signature(letter);
  const recipients = await findRecipientsByLetter(app.db, [summary, ...replies]);
  const form = await parts.form(letter);
  const actors = await findUserNames(app.db, [
    letter.read_by_user_id,
    letter.invoice_paid_by_user_id,
  ]);
  return toLetterDetail(summary, letter, documents, replies, todayOf(app), {
    signature,
    recipients,
    form,
    actors,
    callerId: userId,
  });
}

/**
 * The letters, all visible to the caller and all writable: a foreign id is 404 (not
 * skipped, not 403), so the answer never says whether someone else's letter exists.
 */
async function requireWritableLetters(
  app: FastifyInstance,
  userId: string,
  letterIds: string[],
): Promise<{ ids: string[]; accountIds: Set<string> }> {
  const ids = [...new Set(letterIds)];
  const rows = await findLettersWithRole(app.db, userId, ids);
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  for (const row of rows) assertCan(row.role, 'organize');
  return { ids, accountIds: new Set(rows.map((row) => row.account_id)) };
}

/** Marks read; the first time an inbound letter is read, its provider hears of it. */
async function markRead(app: FastifyInstance, userId: string, ids: string[]): Promise<number> {
  const now = app.clock.now().toISOString();
  return app.db.transaction().execute(async (trx) => {
    const newlyRead = await markLettersRead(trx, userId, ids, now);
    for (const letter of await filterLettersKnownToProvider(trx, newlyRead)) {
      await enqueueWebhook(app, trx, {
        providerId: letter.provider_id,
        type: 'letter.read',
        data: { letter_id: letter.id, read_at: now },
      });
    }
    return newlyRead.length;
  });
}

async function applyBulkAction(
  app: FastifyInstance,
  userId: string,
  request: BulkLetterRequest,
  target: { ids: string[]; accountIds: Set<string> },
): Promise<number> {
  const { ids } = target;
  switch (request.action) {
    case 'mark_read':
      return markRead(app, userId, ids);
    case 'mark_unread':
      return markLettersUnread(app.db, userId, ids);
    case 'move': {
      const folderId = request.folder_id ?? null;
      if (folderId !== null) {
        const folderAccount = await getFolderAccountId(app, folderId);
        // The folder must be in the letters' own account: no filing across mailboxes.
        if (
          folderAccount === undefined ||
          [...target.accountIds].some((id) => id !== folderAccount)
        ) {
          throw new AppError('NOT_FOUND');
        }
      }
      return moveLetters(app.db, userId, ids, folderId);
    }
    case 'trash':
      return trashLetters(app.db, userId, ids, app.clock.now().toISOString());
    case 'restore':
      return restoreLettersToLiveFolders(app, userId, ids);
    case 'delete_forever':
      return deleteTrashedLettersForever(app, ids);
  }
}

export async function updateLetters(
  app: FastifyInstance,
  userId: string,
  request: BulkLetterRequest,
): Promise<BulkLetterResult> {
  const target = await requireWritableLetters(app, userId, request.letter_ids);
  const updated = await applyBulkAction(app, userId, request, target);
  for (const accountId of target.accountIds) {
    await publishLiveEvent(app, { type: 'letters.changed', account_id: accountId });
  }
  return { updated };
}

/**
 * Opening a letter calls this. A viewer may open letters but changes nothing: 403, and the
 * letter stays unread for the members (the client knows the role and need not call).
 */
export async function markLetterRead(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<void> {
  const letter = await findLetterForUser(app.db, userId, letterId);
  if (!letter) throw new AppError('NOT_FOUND');
  assertCan(letter.role, 'organize');
  if ((await markRead(app, userId, [letterId])) > 0) {
    await publishLiveEvent(app, { type: 'letters.changed', account_id: letter.account_id });
  }
}

export async function markLetterUnread(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<void> {
  await updateLetters(app, userId, { letter_ids: [letterId], action: 'mark_unread' });
}
