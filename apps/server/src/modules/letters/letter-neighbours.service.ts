import type { FastifyInstance } from 'fastify';
import type {
  LetterNeighbour,
  LetterNeighbours,
  LetterNeighboursQuery,
  LetterView,
} from '@kuvert/shared/letters';
import { AppError } from '../../plugins/app-error.ts';
import { getFolderAccountId } from '../folders/folders.service.ts';
import type { LetterRow, LetterSummaryRow } from './letters.repository.ts';
import { findLetterForUser, findLetterNeighbour } from './letters.repository.ts';

/** The list a letter sits in now, for a letter opened without one (a link, a reload). */
function homeListOf(letter: LetterRow): { view: LetterView; folderId?: string } {
  if (letter.trashed_at !== null) return { view: 'trash' };
  if (letter.direction === 'outbound') return { view: 'outbox' };
  if (letter.folder_id !== null) return { view: 'folder', folderId: letter.folder_id };
  return { view: 'inbox' };
}

function toNeighbour(row: LetterSummaryRow | undefined): LetterNeighbour | null {
  if (row === undefined) return null;
  return { id: row.id, direction: row.direction, subject: row.subject };
}

/**
 * The letters just newer and just older than this one in the list it was opened from, by the
 * list's own order (created_at desc, id desc): two one-row keyset queries, each limited to the
 * caller's accounts. A letter that is not the caller's answers 404.
 */
export async function getLetterNeighbours(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  query: LetterNeighboursQuery,
): Promise<LetterNeighbours> {
  const letter = await findLetterForUser(app.db, userId, letterId);
  if (letter === undefined) throw new AppError('NOT_FOUND');
  const list =
    query.view === undefined ? homeListOf(letter) : { view: query.view, folderId: query.folder_id };
  if (list.view === 'folder') {
    if (list.folderId === undefined) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ path: 'querystring.folder_id', message: 'Required for the folder view' }],
      });
    }
    const folderAccount = await getFolderAccountId(app, list.folderId);
    if (folderAccount !== letter.account_id) throw new AppError('NOT_FOUND');
  }
  const filter = {
    userId,
    accountId: letter.account_id,
    view: list.view,
    folderId: list.folderId,
    providerId: query.view === undefined ? undefined : query.provider_id,
  };
  const anchor = { createdAt: letter.created_at, id: letter.id };
  const [newer, older] = await Promise.all([
    findLetterNeighbour(app.db, filter, anchor, 'newer'),
    findLetterNeighbour(app.db, filter, anchor, 'older'),
  ]);
  return { newer: toNeighbour(newer), older: toNeighbour(older) };
}
