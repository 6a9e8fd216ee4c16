import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findProviderNames } from '../providers/provider-names.service.ts';
import type { ContactRow, ContactTableRow } from './contacts.repository.ts';

/** The contacts with the names of the providers they name, in one lookup for all of them. */
export async function withProviderNames(
  db: Kysely<Database>,
  rows: ContactTableRow[],
): Promise<ContactRow[]> {
  const names = await findProviderNames(
    db,
    rows.map((row) => row.provider_id),
  );
  return rows.map((row) => ({
    ...row,
    provider_name: row.provider_id === null ? null : (names.get(row.provider_id) ?? null),
  }));
}

/** `withProviderNames` for one contact (with whatever else its row carries). */
export async function withProviderName<Row extends ContactTableRow>(
  db: Kysely<Database>,
  row: Row,
): Promise<Row & { provider_name: string | null }> {
  const names = await findProviderNames(db, [row.provider_id]);
  return {
    ...row,
    provider_name: row.provider_id === null ? null : (names.get(row.provider_id) ?? null),
  };
}

/** The ids among `ids` that name a provider. */
export async function findProviderIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Set<string>> {
  return new Set((await findProviderNames(db, ids)).keys());
}
