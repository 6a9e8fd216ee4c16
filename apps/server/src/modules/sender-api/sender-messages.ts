import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findAccountNames } from '../accounts/account-names.service.ts';
import { findDeliveredSubmissionKeys } from '../form-submissions/provider-submissions.service.ts';
import { findSentLetterKeys, findSentLetters } from '../letters/provider-messages.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import type { MessageRow } from './sender-api.presenter.ts';

export interface SenderMessageKey {
  kind: 'letter' | 'form_submission';
  id: string;
  sort_at: string;
  sort_id: string;
}

/** Newest first: by sort_at, then sort_id, both descending. */
function newestFirst(a: SenderMessageKey, b: SenderMessageKey): number {
  if (a.sort_at !== b.sort_at) return a.sort_at < b.sort_at ? 1 : -1;
  if (a.sort_id === b.sort_id) return 0;
  return a.sort_id < b.sort_id ? 1 : -1;
}

/**
 * One page of what users sent to the provider, newest first: letters (replies and composed
 * letters) and delivered form submissions, by one keyset over (created_at, id) of both. A
 * letter is keyed by its recipient row (a reply's recipient has its letter's id, so cursors
 * from before composed letters still work), a submission by itself; ids are UUIDv7, never
 * shared, so a cursor is a position in both lists at once. Each list (the letters area's and
 * the form submissions area's) stops at one more than the page size, and the newest of both
 * together make the page: one more than `limit` when there is a next page.
 */
export async function findSenderMessageKeys(
  db: Kysely<Database>,
  providerId: string,
  options: { cursor?: { createdAt: string; id: string } | undefined; limit: number },
): Promise<SenderMessageKey[]> {
  const size = options.limit + 1;
  const [letters, submissions] = await Promise.all([
    findSentLetterKeys(db, providerId, options.cursor, size),
    findDeliveredSubmissionKeys(db, providerId, options.cursor, size),
  ]);
  return [
    ...letters.map((key): SenderMessageKey => ({ kind: 'letter', ...key })),
    ...submissions.map((key): SenderMessageKey => ({ kind: 'form_submission', ...key })),
  ]
    .toSorted(newestFirst)
    .slice(0, size);
}

/**
 * The letters of a page, by their recipient rows' ids, with who wrote them (their author,
 * read from the users area, else their account's name) read at once for the page.
 */
export async function findSenderLetterMessages(
  db: Kysely<Database>,
  providerId: string,
  recipientIds: readonly string[],
): Promise<Array<MessageRow & { recipient_id: string }>> {
  const letters = await findSentLetters(db, providerId, recipientIds);
  const [users, accounts] = await Promise.all([
    findUserNames(
      db,
      letters.flatMap((letter) =>
        letter.created_by_user_id === null ? [] : [letter.created_by_user_id],
      ),
    ),
    findAccountNames(
      db,
      letters.map((letter) => letter.account_id),
    ),
  ]);
  return letters.flatMap(({ created_by_user_id: authorId, account_id: accountId, ...letter }) => {
    const accountName = accounts.get(accountId);
    if (accountName === undefined) return [];
    const author = authorId === null ? undefined : users.get(authorId);
    return [
      {
        ...letter,
        first_name: author?.first_name ?? null,
        last_name: author?.last_name ?? null,
        email: author?.email ?? null,
        account_name: accountName,
      },
    ];
  });
}
