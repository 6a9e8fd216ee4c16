import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findUserNames, type UserNameRow } from '../users/user-names.service.ts';
import type { UploadDetailRow, UploadRow } from './uploads.repository.ts';

function withUploader(row: UploadRow, names: Map<string, UserNameRow>): UploadDetailRow {
  const uploader = row.created_by_user_id === null ? undefined : names.get(row.created_by_user_id);
  return {
    ...row,
    uploader_first_name: uploader?.first_name ?? null,
    uploader_last_name: uploader?.last_name ?? null,
  };
}

/** The uploads with the names of who uploaded them, in one lookup for all of them. */
export async function withUploaderNames(
  db: Kysely<Database>,
  rows: UploadRow[],
): Promise<UploadDetailRow[]> {
  const names = await findUserNames(
    db,
    rows.map((row) => row.created_by_user_id),
  );
  return rows.map((row) => withUploader(row, names));
}

/** `withUploaderNames` for one upload. */
export async function withUploaderName(
  db: Kysely<Database>,
  row: UploadRow,
): Promise<UploadDetailRow> {
  return withUploader(row, await findUserNames(db, [row.created_by_user_id]));
}
