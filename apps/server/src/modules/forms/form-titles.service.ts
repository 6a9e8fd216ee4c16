import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  findFormIdRowsOfProvider,
  findFormTitleRows,
  findVersionTitleRows,
} from './form-titles.repository.ts';

/*
 * Forms as other areas name them beside their own rows (a submission's form), each read at
 * once for a whole list. `db` may be the caller's transaction.
 */

/** The titles of the forms among `formIds` that exist, by id. */
export async function findFormTitles(
  db: Kysely<Database>,
  formIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findFormTitleRows(db, [...new Set(formIds)]);
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The key of a form's version in `findVersionTitles`' map. */
export function versionKey(formId: string, version: number): string {
  return `${formId}@${version}`;
}

/** The titles of these versions of forms that exist, by `versionKey`. */
export async function findVersionTitles(
  db: Kysely<Database>,
  versions: ReadonlyArray<{ formId: string; version: number }>,
): Promise<Map<string, string>> {
  const unique = new Map(versions.map((entry) => [versionKey(entry.formId, entry.version), entry]));
  const rows = await findVersionTitleRows(db, [...unique.values()]);
  return new Map(rows.map((row) => [versionKey(row.form_id, row.version), row.title]));
}

/** The ids of every form of the provider, whatever its state. */
export async function findFormIdsOfProvider(
  db: Kysely<Database>,
  providerId: string,
): Promise<string[]> {
  const rows = await findFormIdRowsOfProvider(db, providerId);
  return rows.map((row) => row.id);
}
