import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How many letters a folder holds outside the trash, and how many of them are unread. */
export interface FolderLetterCounts {
  letter_count: number;
  unread_count: number;
}

/**
 * Where folders learn what they hold. The letters area answers it (it files letters into
 * folders, so folders cannot import it); app.ts installs it as `app.folderLetterCounts`.
 */
export interface FolderLetterCountsSource {
  /** By folder id; a folder without letters is absent. The caller checked the folders' access. */
  count(
    db: Kysely<Database>,
    folderIds: readonly string[],
  ): Promise<Map<string, FolderLetterCounts>>;
}
