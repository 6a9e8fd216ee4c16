import type { FastifyInstance } from 'fastify';
import {
  caseFileListQuerySchema,
  type CaseFile,
  type CaseFileList,
  type CaseFileListQuery,
  type CaseFileSort,
  type CreateCaseFileRequest,
  type UpdateCaseFileRequest,
  createCaseFileRequestSchema,
} from '@kuvert/shared/case-files';
import { foldSearchText, searchWordsOf } from '../../db/folded-search.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { findCaseFileForUser } from './case-file-trash.repository.ts';
import { announceCaseFilesChanged, requireCaseFile } from './case-file-trash.service.ts';
import {
  decodeCaseFileCursor,
  encodeCaseFileCursor,
  type CaseFileCursor,
} from './case-file-cursor.ts';
import {
  findCaseFileById,
  findCaseFilePage,
  insertCaseFile,
  updateCaseFileRow,
  type CaseFileTableRow,
} from './case-files.repository.ts';
import { toCaseFile } from './case-files.presenter.ts';

/**
 * The A–Z key: the title lower-cased and without accents, so "Ärzte" files with "A" and a
 * search for "muller" finds "Müller" in the title by a plain LIKE.
 */
export function titleKeyOf(title: string): string {
  return foldSearchText(title);
}

function cursorOf(sort: CaseFileSort, row: CaseFileTableRow): CaseFileCursor {
  switch (sort) {
    case 'title':
      return { sort, value: row.title_key, id: row.id };
    case 'created':
      return { sort, value: row.created_at, id: row.id };
    default:
      return { sort, value: row.last_activity_at, id: row.id };
  }
}

export async function listCaseFiles(
  app: FastifyInstance,
  userId: string,
  input: CaseFileListQuery,
): Promise<CaseFileList> {
  const query = caseFileListQuerySchema.parse(input);
  await assertAccountAction(app.db, userId, query.account_id, 'read');
  const rows = await findCaseFilePage(app.db, {
    accountId: query.account_id,
    sort: query.sort,
    words: searchWordsOf(query.q),
    after: decodeCaseFileCursor(query.cursor, query.sort),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    files: page.map(toCaseFile),
    next_cursor:
      rows.length > query.limit && last ? encodeCaseFileCursor(cursorOf(query.sort, last)) : null,
  };
}

async function presentFile(app: FastifyInstance, fileId: string): Promise<CaseFile> {
  const row = await findCaseFileById(app.db, fileId);
  if (!row) throw new AppError('NOT_FOUND');
  return toCaseFile(row);
}

/** A file of the caller's accounts, live or in the trash (its page offers "restore"). */
export async function getCaseFile(
  app: FastifyInstance,
  userId: string,
  fileId: string,
): Promise<CaseFile> {
  const file =
    (await findCaseFileForUser(app.db, userId, fileId, 'live')) ??
    (await findCaseFileForUser(app.db, userId, fileId, 'trashed'));
  if (!file) throw new AppError('NOT_FOUND');
  return toCaseFile(file);
}

export async function createCaseFile(
  app: FastifyInstance,
  userId: string,
  input: CreateCaseFileRequest,
): Promise<CaseFile> {
  const request = createCaseFileRequestSchema.parse(input);
  await assertAccountAction(app.db, userId, request.account_id, 'organize');
  const now = app.clock.now();
  const at = now.toISOString();
  const id = newId(now.getTime());
  await insertCaseFile(app.db, {
    id,
    account_id: request.account_id,
    title: request.title,
    title_key: titleKeyOf(request.title),
    description: request.description,
    color: request.color,
    last_activity_at: at,
    created_by_user_id: userId,
    created_at: at,
    updated_at: at,
  });
  await announceCaseFilesChanged(app, request.account_id);
  return presentFile(app, id);
}

export async function updateCaseFile(
  app: FastifyInstance,
  userId: string,
  fileId: string,
  changes: UpdateCaseFileRequest,
): Promise<CaseFile> {
  const file = await requireCaseFile(app, userId, fileId, 'organize');
  const at = app.clock.now().toISOString();
  await updateCaseFileRow(app.db, file.id, {
    ...(changes.title === undefined
      ? {}
      : { title: changes.title, title_key: titleKeyOf(changes.title) }),
    ...(changes.description === undefined ? {} : { description: changes.description }),
    ...(changes.color === undefined ? {} : { color: changes.color }),
    updated_at: at,
    last_activity_at: at,
  });
  await announceCaseFilesChanged(app, file.account_id);
  return presentFile(app, file.id);
}

/** A file as restored from the trash. */
export function presentCaseFile(app: FastifyInstance, fileId: string): Promise<CaseFile> {
  return presentFile(app, fileId);
}
