import type { FastifyInstance } from 'fastify';
import type { TrashActionResult, TrashSelection } from '@kuvert/shared/trash';
import { AppError } from '../../plugins/app-error.ts';
import {
  deleteCaseFileForever,
  deleteCaseFileItemForever,
  restoreCaseFile,
  restoreCaseFileItem,
} from '../case-files/case-file-trash.service.ts';
import {
  announceContactsChanged,
  deleteTrashedContacts,
  restoreContact,
} from '../contacts/contacts.service.ts';
import { updateLetters } from '../letters/letters.service.ts';
import {
  announceUploadsChanged,
  deleteTrashedUploadsForever,
  restoreUpload,
} from '../uploads/uploads.service.ts';
import { findSelectedEntries } from './trash-entries.service.ts';
import { deleteFolderForever, restoreFolder } from './trash.service.ts';

/**
 * Restoring and deleting a selection of trash entries of any kind, each by its own area's
 * service, so every kind keeps its rules (a folder's letters, a file's items, documents
 * nobody else uses).
 */

/** What `action` answers; null when its thing left the trash meanwhile (another tab, the purge). */
async function unlessGone<T>(action: () => Promise<T>): Promise<T | null> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** Runs `action` for each id; answers how many were still there. */
async function eachOf(ids: readonly string[], action: (id: string) => Promise<unknown>) {
  let count = 0;
  for (const id of ids) {
    const done = await unlessGone(async () => {
      await action(id);
      return id;
    });
    if (done !== null) count += 1;
  }
  return count;
}

const idsOf = (rows: ReadonlyArray<{ id: string }>) => rows.map((row) => row.id);

/** Each entry back where it was; folders whose name was taken meanwhile come back renamed. */
export async function restoreTrashEntries(
  app: FastifyInstance,
  userId: string,
  selection: TrashSelection,
): Promise<TrashActionResult> {
  const selected = await findSelectedEntries(app, userId, selection, 'organize');
  const renamed: TrashActionResult['renamed'] = [];
  let count = 0;
  // Folders and files first: a letter or item restored with them goes back into them.
  for (const entry of selected.folder) {
    const folder = await unlessGone(() => restoreFolder(app, userId, entry.id));
    if (folder === null) continue;
    count += 1;
    if (folder.name !== entry.name) {
      renamed.push({ kind: 'folder', id: folder.id, name: folder.name });
    }
  }
  count += await eachOf(idsOf(selected.case_file), (id) => restoreCaseFile(app, userId, id));
  const letterIds = idsOf(selected.letter);
  if (letterIds.length > 0) {
    const letters = await unlessGone(() =>
      updateLetters(app, userId, { letter_ids: letterIds, action: 'restore' }),
    );
    count += letters?.updated ?? 0;
  }
  count += await eachOf(idsOf(selected.case_file_item), (id) =>
    restoreCaseFileItem(app, userId, id),
  );
  count += await eachOf(idsOf(selected.upload), (id) => restoreUpload(app, userId, id));
  count += await eachOf(idsOf(selected.contact), (id) => restoreContact(app, userId, id));
  return { count, renamed };
}

/** For good: with a folder its letters, with a file its items, and documents nobody else uses. */
export async function deleteTrashEntriesForever(
  app: FastifyInstance,
  userId: string,
  selection: TrashSelection,
): Promise<TrashActionResult> {
  const selected = await findSelectedEntries(app, userId, selection, 'delete-forever');
  const accountId = selection.account_id;
  let count = 0;
  count += await eachOf(idsOf(selected.case_file_item), (id) =>
    deleteCaseFileItemForever(app, userId, id),
  );
  count += await eachOf(idsOf(selected.case_file), (id) => deleteCaseFileForever(app, userId, id));
  const letterIds = idsOf(selected.letter);
  if (letterIds.length > 0) {
    const letters = await unlessGone(() =>
      updateLetters(app, userId, { letter_ids: letterIds, action: 'delete_forever' }),
    );
    count += letters?.updated ?? 0;
  }
  count += await eachOf(idsOf(selected.folder), (id) => deleteFolderForever(app, userId, id));
  const uploadIds = idsOf(selected.upload);
  if (uploadIds.length > 0) {
    count += await deleteTrashedUploadsForever(app, uploadIds);
    await announceUploadsChanged(app, accountId);
  }
  const contactIds = idsOf(selected.contact);
  if (contactIds.length > 0) {
    count += await deleteTrashedContacts(app, contactIds);
    await announceContactsChanged(app, accountId);
  }
  return { count, renamed: [] };
}
