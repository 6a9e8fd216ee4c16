import type { Folder } from '@kuvert/shared/folders';
import type { FolderWithCountsRow } from './folders.repository.ts';

export function toFolder(row: FolderWithCountsRow): Folder {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    letter_count: row.letter_count,
    unread_count: row.unread_count,
    created_at: row.created_at,
  };
}
