import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  caseFileTimelineQuerySchema,
  type CaseFileItem,
  type CaseFileTimeline,
  type CaseFileTimelineQuery,
  type createCaseFileItemRequestSchema,
  type UpdateCaseFileItemRequest,
} from '@kuvert/shared/case-files';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import {
  announceCaseFilesChanged,
  requireCaseFile,
  requireCaseFileItem,
} from './case-file-trash.service.ts';
import { decodeTimelineCursor, encodeTimelineCursor } from './case-file-cursor.ts';
import {
  findItemWithFile,
  findTimelinePage,
  insertItems,
  moveItemRow,
  replaceLinks,
  updateItemRow,
} from './case-file-items.repository.ts';
import { loadItemLinks, requireLinkTargets } from './case-file-links.ts';
import { refreshItemReferences } from './case-file-references.service.ts';
import { finishItemChange, lockLiveFiles, lockLiveItem } from './case-file-writes.ts';
import { findLiveCaseFileOfAccount } from './case-files.repository.ts';
import { toCaseFileItem, toItemSummary } from './case-files.presenter.ts';

type CreateItemInput = z.output<typeof createCaseFileItemRequestSchema>;

/** How many letters and attachments each timeline entry shows. */
const TIMELINE_LINKS = 3;

export async function getTimeline(
  app: FastifyInstance,
  userId: string,
  fileId: string,
  input: CaseFileTimelineQuery,
): Promise<CaseFileTimeline> {
  const query = caseFileTimelineQuerySchema.parse(input);
  const file = await requireCaseFile(app, userId, fileId, 'read');
  const rows = await findTimelinePage(
    app.db,
    file.id,
    decodeTimelineCursor(query.cursor),
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const { links, refs } = await loadItemLinks(
    app.db,
    file.account_id,
    page.map((row) => row.id),
    TIMELINE_LINKS,
  );
  const last = page.at(-1);
  return {
    items: page.map((row) =>
      toItemSummary(row, links.get(row.id) ?? { letterIds: [], uploadIds: [] }, refs),
    ),
    next_cursor:
      rows.length > query.limit && last
        ? encodeTimelineCursor({ date: last.item_date, id: last.id })
        : null,
  };
}

/** The item with all its letters and attachments. */
export async function presentItem(app: FastifyInstance, itemId: string): Promise<CaseFileItem> {
  const row = await findItemWithFile(app.db, itemId);
  if (!row) throw new AppError('NOT_FOUND');
  const { links, refs } = await loadItemLinks(app.db, row.account_id, [row.id]);
  return toCaseFileItem(row, links.get(row.id) ?? { letterIds: [], uploadIds: [] }, refs);
}

/** A live item, or one trashed on its own (its page offers "restore"), of a live file. */
export async function getCaseFileItem(
  app: FastifyInstance,
  userId: string,
  fileId: string,
  itemId: string,
): Promise<CaseFileItem> {
  try {
    await requireCaseFileItem(app, userId, itemId, 'read', { fileId });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    await requireCaseFileItem(app, userId, itemId, 'read', { fileId, state: 'trashed' });
  }
  return presentItem(app, itemId);
}

export async function createCaseFileItem(
  app: FastifyInstance,
  userId: string,
  fileId: string,
  input: CreateItemInput,
): Promise<CaseFileItem> {
  const file = await requireCaseFile(app, userId, fileId, 'organize');
  const now = app.clock.now();
  const at = now.toISOString();
  const item = {
    id: newId(now.getTime()),
    file_id: file.id,
    account_id: file.account_id,
    title: input.title,
    notes: input.notes,
  };
  await app.db.transaction().execute(async (trx) => {
    await lockLiveFiles(trx, app, [file.id]);
    const { links } = await requireLinkTargets(trx, file.account_id, {
      letterIds: input.letter_ids,
      uploadIds: input.upload_ids,
    });
    await insertItems(trx, [
      {
        ...item,
        item_date: input.date,
        created_by_user_id: userId,
        created_at: at,
        updated_at: at,
      },
    ]);
    await replaceLinks(trx, 'letters', new Map([[item.id, links.letterIds ?? []]]));
    await replaceLinks(trx, 'uploads', new Map([[item.id, links.uploadIds ?? []]]));
    await refreshItemReferences(trx, [item]);
    await finishItemChange(trx, [file.id], at);
  });
  await announceCaseFilesChanged(app, file.account_id);
  return presentItem(app, item.id);
}

/** Changes the fields given; `letter_ids` and `upload_ids` replace the lists. */
export async function updateCaseFileItem(
  app: FastifyInstance,
  userId: string,
  fileId: string,
  itemId: string,
  changes: UpdateCaseFileItemRequest,
): Promise<CaseFileItem> {
  const found = await requireCaseFileItem(app, userId, itemId, 'organize', { fileId });
  const at = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    const item = await lockLiveItem(trx, app, found);
    const { links } = await requireLinkTargets(trx, item.account_id, {
      letterIds: changes.letter_ids,
      uploadIds: changes.upload_ids,
    });
    await updateItemRow(trx, item.id, {
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.date === undefined ? {} : { item_date: changes.date }),
      ...(changes.notes === undefined ? {} : { notes: changes.notes }),
      updated_at: at,
    });
    if (links.letterIds) await replaceLinks(trx, 'letters', new Map([[item.id, links.letterIds]]));
    if (links.uploadIds) await replaceLinks(trx, 'uploads', new Map([[item.id, links.uploadIds]]));
    const textChanged =
      changes.title !== undefined || changes.notes !== undefined || links.letterIds !== undefined;
    if (textChanged) {
      await refreshItemReferences(trx, [
        { ...item, title: changes.title ?? item.title, notes: changes.notes ?? item.notes },
      ]);
    }
    await finishItemChange(trx, [item.file_id], at);
  });
  await announceCaseFilesChanged(app, found.account_id);
  return presentItem(app, found.id);
}

/** Into another live file of the same account; both files' counts and activity follow. */
export async function moveCaseFileItem(
  app: FastifyInstance,
  userId: string,
  fileId: string,
  itemId: string,
  targetFileId: string,
): Promise<CaseFileItem> {
  const found = await requireCaseFileItem(app, userId, itemId, 'organize', { fileId });
  if (targetFileId === found.file_id) return presentItem(app, found.id);
  const target = await findLiveCaseFileOfAccount(app.db, found.account_id, targetFileId);
  if (!target) {
    throw new AppError('NOT_FOUND', {
      message: 'There is no such file in this mailbox to move the item to.',
      details: [{ path: 'file_id', message: `No file ${targetFileId}` }],
    });
  }
  const at = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await lockLiveFiles(trx, app, [found.file_id, target.id]);
    await lockLiveItem(trx, app, found);
    await moveItemRow(trx, found.id, target.id, at);
    await finishItemChange(trx, [found.file_id, target.id], at);
  });
  await announceCaseFilesChanged(app, found.account_id);
  return presentItem(app, found.id);
}
