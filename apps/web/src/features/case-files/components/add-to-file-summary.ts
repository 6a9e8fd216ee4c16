import type {
  AddToCaseFileMode,
  AddToCaseFileRequest,
  AddToCaseFileResult,
} from '@kuvert/shared/case-files';
import type { TFunction } from '../../../lib/i18n.ts';

/** A letter (received or sent) or an upload that "Add to a file" is given. */
export interface ThingToFile {
  type: 'letter' | 'upload';
  id: string;
  /** The letter's subject or the upload's name. */
  title: string;
  /** ISO date-time it arrived, was sent or uploaded. */
  createdAt: string;
}

/** What the request adds; `oneItem` names and dates the single item of `one_item`. */
export function addRequestOf(
  things: readonly ThingToFile[],
  mode: AddToCaseFileMode,
  oneItem: { title: string; date: string },
): AddToCaseFileRequest {
  const ids = (type: ThingToFile['type']) =>
    things.filter((thing) => thing.type === type).map((thing) => thing.id);
  // One thing is one item either way; its own title and date then.
  const isOneItem = mode === 'one_item' && things.length > 1;
  return {
    letter_ids: ids('letter'),
    upload_ids: ids('upload'),
    mode: isOneItem ? 'one_item' : 'item_each',
    ...(isOneItem ? { title: oneItem.title, date: oneItem.date } : {}),
  };
}

/** Which wording of "one item each" fits: letters, uploads, or both. */
export function thingsKind(things: readonly ThingToFile[]): 'letters' | 'uploads' | 'mixed' {
  const hasLetters = things.some((thing) => thing.type === 'letter');
  const hasUploads = things.some((thing) => thing.type === 'upload');
  if (hasLetters && hasUploads) return 'mixed';
  return hasUploads ? 'uploads' : 'letters';
}

/** "3 letters", "1 upload", "2 letters and 1 upload". */
export function countThings(t: TFunction, things: readonly ThingToFile[]): string {
  const letters = things.filter((thing) => thing.type === 'letter').length;
  const uploads = things.length - letters;
  if (uploads === 0) return t('addToFile.count.letters', { count: letters });
  if (letters === 0) return t('addToFile.count.uploads', { count: uploads });
  return t('addToFile.count.both', {
    letters: t('addToFile.count.letters', { count: letters }),
    uploads: t('addToFile.count.uploads', { count: uploads }),
  });
}

/**
 * What the user is told after adding: how many went in, and how many were in the file
 * already (an item each skips those; which of them is not told, so a mixed count is generic).
 */
export function addedMessage(
  t: TFunction,
  things: readonly ThingToFile[],
  request: AddToCaseFileRequest,
  result: AddToCaseFileResult,
  fileTitle: string,
): { type: 'positive' | 'info'; message: string } {
  if (request.mode === 'one_item') {
    const what = countThings(t, things);
    return {
      type: 'positive',
      message: t('addToFile.done.addedOneItem', { what, file: fileTitle }),
    };
  }
  const added = things.length - result.already_in_file;
  if (added <= 0) {
    return { type: 'info', message: t('addToFile.done.nothingNew', { file: fileTitle }) };
  }
  const kind = thingsKind(things);
  const what =
    result.already_in_file === 0
      ? countThings(t, things)
      : t(`addToFile.count.${kind}`, { count: added });
  if (result.already_in_file === 0) {
    return { type: 'positive', message: t('addToFile.done.added', { what, file: fileTitle }) };
  }
  const already = t('addToFile.done.already', { count: result.already_in_file });
  return {
    type: 'positive',
    message: t('addToFile.done.addedSome', { what, file: fileTitle, already }),
  };
}
