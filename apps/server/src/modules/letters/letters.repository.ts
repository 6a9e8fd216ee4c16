import { sql, type Kysely, type Selectable } from 'kysely';
import { queryTemplate } from '../../db/query-template.ts';
import { isUnread } from '../../db/scopes.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';
import { providerRefTable } from '../providers/provider-ref-join.ts';
import type {
  Database,
  LetterDocumentsTable,
  LetterRecipientsTable,
  LettersTable,
} from '../../db/schema.ts';
import type { LetterCursor } from './letter-cursor.ts';

export type LetterRow = Selectable<LettersTable>;
export type LetterDocumentRow = Selectable<LetterDocumentsTable>;
export type LetterRecipientRow = Selectable<LetterRecipientsTable>;

const EXCERPT_SOURCE_CHARS = 300;

/**
 * Letters as lists show them, with the document count and the provider's columns joined in
 * (the providers area's table, through provider-ref-join.ts; nulls without a provider): one
 * query per page, however many rows it has. Only letters of the caller's accounts.
 */
export function selectLetterSummaries(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('letters as l')
    .leftJoin(providerRefTable.as('provider_ref'), (join) =>
      join.onRef('provider_ref.id', '=', 'l.provider_id'),
    )
    .select((eb) => [
      'l.id',
      'l.account_id',
      'l.direction',
      'l.kind',
      'l.subject',
      sql<string>`substr(l.body, 1, ${sql.lit(EXCERPT_SOURCE_CHARS)})`.as('excerpt'),
      'l.created_at',
      'l.read_at',
      'l.folder_id',
      'l.trashed_at',
      'l.delivery_status',
      'l.invoice_amount',
      'l.invoice_currency',
      'l.invoice_due_date',
      'l.invoice_status',
      // Letters between Kuvert users and composed letters have no provider.
      'l.provider_id',
      'provider_ref.name as provider_name',
      'provider_ref.logo_key as provider_logo_key',
      'provider_ref.verified_at as provider_verified_at',
      'l.sender_name',
      'l.sender_email',
      eb
        .selectFrom('letter_documents as d')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('d.letter_id', '=', 'l.id')
        .as('document_count'),
    ])
    .where(callerIsMember(userId, 'l.account_id'));
}

/** A summary with its provider's columns (null without a provider), as the presenter takes it. */
export type LetterSummaryRow = Awaited<
  ReturnType<ReturnType<typeof selectLetterSummaries>['executeTakeFirstOrThrow']>
>;

export interface LetterListFilter {
  userId: string;
  accountId: string;
  view: 'inbox' | 'unread' | 'outbox' | 'trash' | 'folder';
  folderId?: string;
  providerId?: string;
  cursor?: LetterCursor;
  limit: number;
}

/** Which filters a page has: one compiled query per combination. */
interface LetterPageShape {
  view: LetterListFilter['view'];
  hasProvider: boolean;
  hasCursor: boolean;
  /** Oldest first from the cursor: the letters just newer than it (a letter's neighbours). */
  isNewerFirst: boolean;
}

type LetterPageValues = {
  userId: string;
  accountId: string;
  folderId: string;
  providerId: string;
  cursorCreatedAt: string;
  cursorId: string;
  limit: number;
};

/**
 * Keyset pagination on (created_at desc, id desc); view predicates match the partial indexes.
 * Every inbox view runs it, so it is built and compiled once per shape (see queryTemplate).
 */
const letterPageQuery = queryTemplate(
  (shape: LetterPageShape) =>
    `${shape.view}:${shape.hasProvider}:${shape.hasCursor}:${shape.isNewerFirst}`,
  (db, shape, values: LetterPageValues) => {
    let query = selectLetterSummaries(db, values.userId).where(
      'l.account_id',
      '=',
      values.accountId,
    );
    switch (shape.view) {
      case 'inbox':
        query = query
          .where('l.direction', '=', sql.lit('inbound'))
          .where('l.folder_id', 'is', null)
          .where('l.trashed_at', 'is', null);
        break;
      case 'unread':
        query = query.where(isUnread('l')).where('l.trashed_at', 'is', null);
        break;
      case 'outbox':
        query = query
          .where('l.direction', '=', sql.lit('outbound'))
          .where('l.trashed_at', 'is', null);
        break;
      case 'trash':
        query = query.where('l.trashed_at', 'is not', null);
        break;
      case 'folder':
        query = query
          .where('l.folder_id', '=', values.folderId)
          .where('l.folder_id', 'is not', null)
          .where('l.trashed_at', 'is', null);
        break;
    }
    if (shape.hasProvider) query = query.where('l.provider_id', '=', values.providerId);
    if (shape.hasCursor) {
      query = query.where((eb) =>
        eb(
          eb.refTuple('l.created_at', 'l.id'),
          shape.isNewerFirst ? '>' : '<',
          eb.tuple(values.cursorCreatedAt, values.cursorId),
        ),
      );
    }
    const order = shape.isNewerFirst ? 'asc' : 'desc';
    return query.orderBy('l.created_at', order).orderBy('l.id', order).limit(values.limit);
  },
);

export async function findLetterPage(
  db: Kysely<Database>,
  filter: LetterListFilter,
): Promise<LetterSummaryRow[]> {
  const cursor = filter.cursor;
  return letterPageQuery.execute(
    db,
    {
      view: filter.view,
      hasProvider: Boolean(filter.providerId),
      hasCursor: cursor !== undefined,
      isNewerFirst: false,
    },
    {
      userId: filter.userId,
      accountId: filter.accountId,
      folderId: filter.folderId ?? '',
      providerId: filter.providerId ?? '',
      cursorCreatedAt: cursor?.createdAt ?? '',
      cursorId: cursor?.id ?? '',
      limit: filter.limit + 1,
    },
  );
}

/** The letter just newer or just older than `anchor` in a list; undefined at its end. */
export async function findLetterNeighbour(
  db: Kysely<Database>,
  filter: Omit<LetterListFilter, 'cursor' | 'limit'>,
  anchor: LetterCursor,
  side: 'newer' | 'older',
): Promise<LetterSummaryRow | undefined> {
  const rows = await letterPageQuery.execute(
    db,
    {
      view: filter.view,
      hasProvider: Boolean(filter.providerId),
      hasCursor: true,
      isNewerFirst: side === 'newer',
    },
    {
      userId: filter.userId,
      accountId: filter.accountId,
      folderId: filter.folderId ?? '',
      providerId: filter.providerId ?? '',
      cursorCreatedAt: anchor.createdAt,
      cursorId: anchor.id,
      limit: 1,
    },
  );
  return rows[0];
}

/** The letter with the caller's role in its account; undefined when not theirs. */
export async function findLetterForUser(
  db: Kysely<Database>,
  userId: string,
  letterId: string,
): Promise<(LetterRow & { role: string }) | undefined> {
  return db
    .selectFrom('letters as l')
    .selectAll('l')
    .select(callerRole(userId, 'l.account_id').as('role'))
    .where('l.id', '=', letterId)
    .where(callerIsMember(userId, 'l.account_id'))
    .executeTakeFirst();
}

export async function findReplies(
  db: Kysely<Database>,
  userId: string,
  letterId: string,
): Promise<LetterSummaryRow[]> {
  return selectLetterSummaries(db, userId)
    .where('l.in_reply_to', '=', letterId)
    .where('l.trashed_at', 'is', null)
    .orderBy('l.created_at', 'asc')
    .orderBy('l.id', 'asc')
    .execute();
}

export async function findDocumentsOfLetter(
  db: Kysely<Database>,
  letterId: string,
): Promise<LetterDocumentRow[]> {
  return db
    .selectFrom('letter_documents')
    .selectAll()
    .where('letter_id', '=', letterId)
    .orderBy('position')
    .execute();
}

/** A document of a letter the caller may see (membership in the query), or undefined. */
export async function findDocumentForUser(
  db: Kysely<Database>,
  userId: string,
  letterId: string,
  documentId: string,
): Promise<LetterDocumentRow | undefined> {
  return db
    .selectFrom('letter_documents as d')
    .innerJoin('letters as l', 'l.id', 'd.letter_id')
    .selectAll('d')
    .where('d.id', '=', documentId)
    .where('d.letter_id', '=', letterId)
    .where(callerIsMember(userId, 'l.account_id'))
    .executeTakeFirst();
}

export async function insertLetterDocuments(
  db: Kysely<Database>,
  rows: LetterDocumentRow[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('letter_documents').values(rows).execute();
}

export async function findLetterById(
  db: Kysely<Database>,
  letterId: string,
): Promise<LetterRow | undefined> {
  return db.selectFrom('letters').selectAll().where('id', '=', letterId).executeTakeFirst();
}

/** For each letter, the position after its last document. */
export async function findNextDocumentPositions(
  db: Kysely<Database>,
  letterIds: string[],
): Promise<Map<string, number>> {
  if (letterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('letter_documents')
    .select((eb) => ['letter_id', eb.fn.max<number>('position').as('last')])
    .where('letter_id', 'in', letterIds)
    .groupBy('letter_id')
    .execute();
  return new Map(rows.map((row) => [row.letter_id, Number(row.last) + 1]));
}

/** The recipients of these letters, in their order: one query for a whole page. */
export async function findRecipientsOfLetters(
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<LetterRecipientRow[]> {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('letter_recipients')
    .selectAll()
    .where('letter_id', 'in', [...letterIds])
    .orderBy('letter_id')
    .orderBy('position')
    .execute();
}

/** Recipient rows by letter, for the presenter. */
export async function findRecipientsByLetter(
  db: Kysely<Database>,
  rows: readonly { id: string; direction: string }[],
): Promise<Map<string, LetterRecipientRow[]>> {
  const outbound = rows.filter((row) => row.direction === 'outbound').map((row) => row.id);
  const byLetter = new Map<string, LetterRecipientRow[]>();
  for (const recipient of await findRecipientsOfLetters(db, outbound)) {
    const list = byLetter.get(recipient.letter_id) ?? [];
    list.push(recipient);
    byLetter.set(recipient.letter_id, list);
  }
  return byLetter;
}
