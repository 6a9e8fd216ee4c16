import type { FastifyInstance } from 'fastify';
import {
  trashKinds,
  type TrashCounts,
  type TrashEntryPage,
  type TrashKind,
  type TrashSelection,
} from '@kuvert/shared/trash';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { decodeTrashCursor, encodeTrashCursor } from './trash-cursor.ts';
import type { TrashEntryRow } from './trash-entry-columns.ts';
import { toTrashEntry } from './trash.presenter.ts';
import { countTrashEntries, findTrashEntriesById, findTrashEntryPage } from './trash.repository.ts';

/** The unified trash: every kind in one list, newest first (DESIGN §2 `/trash`). */

export async function listTrashEntries(
  app: FastifyInstance,
  userId: string,
  query: {
    account_id: string;
    kind?: TrashKind | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<TrashEntryPage> {
  const accountId = query.account_id;
  await assertAccountAction(app.db, userId, accountId, 'read');
  const list = query.kind ?? 'all';
  const rows = await findTrashEntryPage(app.db, {
    accountId,
    kinds: query.kind === undefined ? trashKinds : [query.kind],
    after: decodeTrashCursor(query.cursor, list),
    // One more than asked for: whether a next page exists.
    limit: query.limit + 1,
  });
  const entries = rows.slice(0, query.limit);
  const last = entries.at(-1);
  const counts = await countTrashEntries(app.db, accountId, trashKinds);
  return {
    entries: entries.map(toTrashEntry),
    next_cursor:
      rows.length > query.limit && last !== undefined
        ? encodeTrashCursor(list, { trashedAt: last.trashed_at, rank: last.rank, id: last.id })
        : null,
    counts: countsOf(counts),
    retention_days: app.config.trashRetentionDays,
  };
}

function countsOf(counts: ReadonlyMap<TrashKind, number>): TrashCounts {
  const of = (kind: TrashKind) => counts.get(kind) ?? 0;
  return {
    letter: of('letter'),
    upload: of('upload'),
    folder: of('folder'),
    contact: of('contact'),
    case_file: of('case_file'),
    case_file_item: of('case_file_item'),
  };
}

export type SelectedEntries = Record<TrashKind, TrashEntryRow[]>;

/**
 * The selection's entries that are in the account's trash, by kind. The caller must be a
 * member of the account (404 for another account's, 403 for a viewer: nothing changes);
 * an entry no longer in the trash, or never in this account's, is left out.
 */
export async function findSelectedEntries(
  app: FastifyInstance,
  userId: string,
  selection: TrashSelection,
  action: 'organize' | 'delete-forever',
): Promise<SelectedEntries> {
  const accountId = selection.account_id;
  await assertAccountAction(app.db, userId, accountId, action);
  const rowsOf = (kind: TrashKind) => {
    const ids = selection.entries.filter((entry) => entry.kind === kind).map((entry) => entry.id);
    return findTrashEntriesById(app.db, kind, accountId, [...new Set(ids)]);
  };
  return {
    letter: await rowsOf('letter'),
    upload: await rowsOf('upload'),
    folder: await rowsOf('folder'),
    contact: await rowsOf('contact'),
    case_file: await rowsOf('case_file'),
    case_file_item: await rowsOf('case_file_item'),
  };
}
