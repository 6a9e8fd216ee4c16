import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  CASE_FILE_ITEM_MAX_LINKS,
  CASE_FILE_ITEM_TITLE_MAX_LENGTH,
  type AddToCaseFileResult,
  type addToCaseFileRequestSchema,
} from '@kuvert/shared/case-files';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { dayIn, todayOf } from '../invoices/invoice-status.ts';
import type { LetterRef } from '../letters/letter-lookups.service.ts';
import type { UploadRef } from '../uploads/upload-lookups.service.ts';
import { announceCaseFilesChanged, requireCaseFile } from './case-file-trash.service.ts';
import { findLinkedInFile, insertItems, replaceLinks } from './case-file-items.repository.ts';
import { requireLinkTargets } from './case-file-links.ts';
import { refreshItemReferences, type ItemText } from './case-file-references.service.ts';
import { finishItemChange, lockLiveFiles } from './case-file-writes.ts';

type AddInput = z.output<typeof addToCaseFileRequestSchema>;

interface NewItem extends ItemText {
  item_date: string;
  letterIds: string[];
  uploadIds: string[];
}

function titleOf(text: string, fallback: string): string {
  const title = text.trim().slice(0, CASE_FILE_ITEM_TITLE_MAX_LENGTH).trim();
  return title || fallback.slice(0, CASE_FILE_ITEM_TITLE_MAX_LENGTH) || '—';
}

function byCreation(a: { created_at: string; id: string }, b: { created_at: string; id: string }) {
  return a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
}

function byTimeline(a: NewItem, b: NewItem): number {
  return b.item_date.localeCompare(a.item_date) || b.id.localeCompare(a.id);
}

function assertFitsOneItem(input: AddInput): void {
  for (const [path, ids] of [
    ['letter_ids', input.letter_ids],
    ['upload_ids', input.upload_ids],
  ] as const) {
    if (new Set(ids).size <= CASE_FILE_ITEM_MAX_LINKS) continue;
    throw new AppError('VALIDATION_FAILED', {
      message: `One item links at most ${CASE_FILE_ITEM_MAX_LINKS} letters and ${CASE_FILE_ITEM_MAX_LINKS} uploads.`,
      details: [
        { path: `body.${path}`, message: `At most ${CASE_FILE_ITEM_MAX_LINKS} for one item` },
      ],
    });
  }
}

/**
 * "Add to a file": an item per letter and upload not in the file yet, titled and dated like
 * it (the letter's day in the server's time zone, as invoices count days), or one item with
 * all of them. One transaction, which holds the file, so parallel requests add each letter
 * once.
 */
export async function addToCaseFile(
  app: FastifyInstance,
  userId: string,
  fileId: string,
  input: AddInput,
): Promise<AddToCaseFileResult> {
  const file = await requireCaseFile(app, userId, fileId, 'organize');
  if (input.mode === 'one_item') assertFitsOneItem(input);
  const now = app.clock.now();
  const at = now.toISOString();
  const newItem = (index: number, values: Omit<NewItem, 'id' | 'file_id' | 'account_id'>) => ({
    // Ids in the order made: items of one day show in the order of their letters.
    id: newId(now.getTime() + index),
    file_id: file.id,
    account_id: file.account_id,
    ...values,
  });
  const result = await app.db.transaction().execute(async (trx) => {
    await lockLiveFiles(trx, app, [file.id]);
    const { links, refs } = await requireLinkTargets(trx, file.account_id, {
      letterIds: input.letter_ids,
      uploadIds: input.upload_ids,
    });
    const letterIds = links.letterIds ?? [];
    const uploadIds = links.uploadIds ?? [];
    const linkedLetters = await findLinkedInFile(trx, 'letters', file.id, letterIds);
    const linkedUploads = await findLinkedInFile(trx, 'uploads', file.id, uploadIds);
    const letters = letterIds.flatMap((id) => refs.letters.get(id) ?? []);
    const uploads = uploadIds.flatMap((id) => refs.uploads.get(id) ?? []);
    let items: NewItem[];
    if (input.mode === 'one_item') {
      const first = letters[0]?.subject ?? uploads[0]?.name ?? '';
      items = [
        newItem(0, {
          title: input.title ?? titleOf(first, letters[0]?.counterpart ?? ''),
          item_date: input.date ?? todayOf(app),
          notes: input.notes ?? '',
          letterIds,
          uploadIds,
        }),
      ];
    } else {
      const dayOf = (ref: { created_at: string }) =>
        dayIn(new Date(ref.created_at), app.config.timeZone);
      const fromLetters = letters
        .filter((letter) => !linkedLetters.has(letter.id))
        .toSorted(byCreation)
        .map((letter: LetterRef) => ({
          title: titleOf(letter.subject, letter.counterpart),
          item_date: dayOf(letter),
          notes: '',
          letterIds: [letter.id],
          uploadIds: [],
        }));
      const fromUploads = uploads
        .filter((upload) => !linkedUploads.has(upload.id))
        .toSorted(byCreation)
        .map((upload: UploadRef) => ({
          title: titleOf(upload.name, ''),
          item_date: dayOf(upload),
          notes: '',
          letterIds: [],
          uploadIds: [upload.id],
        }));
      items = [...fromLetters, ...fromUploads].map((values, index) => newItem(index, values));
    }
    if (items.length > 0) {
      await insertItems(
        trx,
        items.map((item) => ({
          id: item.id,
          file_id: item.file_id,
          account_id: item.account_id,
          title: item.title,
          item_date: item.item_date,
          notes: item.notes,
          created_by_user_id: userId,
          created_at: at,
          updated_at: at,
        })),
      );
      await replaceLinks(trx, 'letters', new Map(items.map((item) => [item.id, item.letterIds])));
      await replaceLinks(trx, 'uploads', new Map(items.map((item) => [item.id, item.uploadIds])));
      await refreshItemReferences(trx, items);
      await finishItemChange(trx, [file.id], at);
    }
    return {
      item_ids: items.toSorted(byTimeline).map((item) => item.id),
      already_in_file: linkedLetters.size + linkedUploads.size,
    };
  });
  if (result.item_ids.length > 0) await announceCaseFilesChanged(app, file.account_id);
  return result;
}
