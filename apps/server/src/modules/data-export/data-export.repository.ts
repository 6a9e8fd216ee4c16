import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DataExportPartsTable, DataExportsTable } from '../../db/schema.ts';

export type DataExportRow = Selectable<DataExportsTable>;
export type DataExportPartRow = Selectable<DataExportPartsTable>;

/** Fails with a unique violation while the person has an export queued or running. */
export async function insertDataExport(
  db: Kysely<Database>,
  row: { id: string; user_id: string; now: string },
): Promise<void> {
  await db
    .insertInto('data_exports')
    .values({
      id: row.id,
      user_id: row.user_id,
      status: 'pending',
      failure: null,
      created_at: row.now,
      updated_at: row.now,
      finished_at: null,
      expires_at: null,
    })
    .execute();
}

export async function findRunningDataExport(
  db: Kysely<Database>,
  userId: string,
): Promise<DataExportRow | undefined> {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirst();
}

/** The person's latest export that has not expired. */
export async function findLatestDataExport(
  db: Kysely<Database>,
  userId: string,
  nowIso: string,
): Promise<DataExportRow | undefined> {
  return (
    db
      .selectFrom('data_exports')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
      // The one being made comes first: it is the newest, whatever the clock says.
      .orderBy(sql`case when status in ('pending', 'running') then 0 else 1 end`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
  );
}

/** The export, only when it is this person's (another person's is not found). */
export async function findDataExportOfUser(
  db: Kysely<Database>,
  id: string,
  userId: string,
): Promise<DataExportRow | undefined> {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findDataExport(
  db: Kysely<Database>,
  id: string,
): Promise<DataExportRow | undefined> {
  return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listDataExportParts(
  db: Kysely<Database>,
  exportId: string,
): Promise<DataExportPartRow[]> {
  return db
    .selectFrom('data_export_parts')
    .selectAll()
    .where('export_id', '=', exportId)
    .orderBy('part_number')
    .execute();
}

export async function insertDataExportPart(
  db: Kysely<Database>,
  row: DataExportPartRow,
): Promise<void> {
  await db.insertInto('data_export_parts').values(row).execute();
}

/** Removes the parts of an attempt that did not finish; answers their keys. */
export async function deleteDataExportParts(
  db: Kysely<Database>,
  exportId: string,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('data_export_parts')
    .where('export_id', '=', exportId)
    .returning('document_key')
    .execute();
  return rows.map((row) => row.document_key);
}

export async function updateDataExport(
  db: Kysely<Database>,
  id: string,
  changes: Partial<
    Pick<
      DataExportRow,
      | 'status'
      | 'areas_total'
      | 'areas_done'
      | 'files_done'
      | 'bytes_done'
      | 'failure'
      | 'finished_at'
      | 'expires_at'
    >
  > & { updated_at: string },
): Promise<void> {
  await db.updateTable('data_exports').set(changes).where('id', '=', id).execute();
}

/** Exports past their end, oldest first. */
export async function findExpiredDataExports(
  db: Kysely<Database>,
  nowIso: string,
  limit: number,
): Promise<DataExportRow[]> {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('expires_at', '<=', nowIso)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export async function deleteDataExport(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('data_export_parts').where('export_id', '=', id).execute();
  await db.deleteFrom('data_exports').where('id', '=', id).execute();
}

/** Of `keys`, those an export part still points at. */
export async function findDataExportKeysInUse(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('data_export_parts')
    .select('document_key')
    .where('document_key', 'in', keys)
    .execute();
  return rows.map((row) => row.document_key);
}

/** The person's other exports, which a newer ready one replaces. */
export async function findOtherDataExports(
  db: Kysely<Database>,
  userId: string,
  exceptId: string,
): Promise<DataExportRow[]> {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '!=', exceptId)
    .where('status', 'in', ['ready', 'failed'])
    .execute();
}

/** Removes every export of the person with its parts; answers the parts' document keys. */
export async function deleteDataExportsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const exports = db.selectFrom('data_exports').select('id').where('user_id', '=', userId);
  const parts = await db
    .deleteFrom('data_export_parts')
    .where('export_id', 'in', exports)
    .returning('document_key')
    .execute();
  await db.deleteFrom('data_exports').where('user_id', '=', userId).execute();
  return parts.map((part) => part.document_key);
}
