import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Forms as other areas name them beside their own rows: titles, and whose forms they are. */

/** The titles of these forms (the ones that exist). */
export async function findFormTitleRows(db: Kysely<Database>, formIds: readonly string[]) {
  if (formIds.length === 0) return [];
  return db
    .selectFrom('forms')
    .select(['id', 'title'])
    .where('id', 'in', [...formIds])
    .execute();
}

/** The titles of these versions of forms (the ones that exist). */
export async function findVersionTitleRows(
  db: Kysely<Database>,
  versions: ReadonlyArray<{ formId: string; version: number }>,
) {
  if (versions.length === 0) return [];
  return db
    .selectFrom('form_versions')
    .select(['form_id', 'version', 'title'])
    .where((eb) =>
      eb.or(
        versions.map(({ formId, version }) =>
          eb.and([eb('form_id', '=', formId), eb('version', '=', version)]),
        ),
      ),
    )
    .execute();
}

/** Every form of the provider, whatever its state. */
export async function findFormIdRowsOfProvider(db: Kysely<Database>, providerId: string) {
  return db.selectFrom('forms').select('id').where('provider_id', '=', providerId).execute();
}
