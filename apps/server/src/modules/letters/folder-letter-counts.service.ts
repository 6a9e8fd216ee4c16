import type {
  FolderLetterCounts,
  FolderLetterCountsSource,
} from '../folders/folder-letter-counts.ts';
import { countLettersInFolders } from './folder-letter-counts.repository.ts';

/**
 * What the folders hold, for the folders area, which cannot import letters (letters file into
 * folders); app.ts installs it. It does no authorization: folders asks only for its own rows.
 */
export const folderLetterCountsSource: FolderLetterCountsSource = {
  async count(db, folderIds) {
    const counts = new Map<string, FolderLetterCounts>();
    for (const { folder_id, ...row } of await countLettersInFolders(db, folderIds)) {
      counts.set(folder_id, row);
    }
    return counts;
  },
};
