import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database } from '../../db/schema.ts';

/** What other areas show of a provider next to their own rows: its name, category and logo. */
export interface ProviderRefRow {
  id: string;
  name: string;
  category: string;
  logo_key: string | null;
  verified_at: string | null;
}

/** Up to this many ids, the look-up is compiled once per count; lists of letters ask for 1–50. */
const TEMPLATE_MAX_IDS = 100;

/**
 * Every page of letters asks for the providers on it, so the statement is built and compiled
 * once per number of ids (see queryTemplate), not on every call.
 */
function selectProviderRefs(db: Kysely<Database>, batch: string[]) {
  return db
    .selectFrom('providers')
    .select(['id', 'name', 'category', 'logo_key', 'verified_at'])
    .where('id', 'in', batch)
    .orderBy('name')
    .orderBy('id');
}

const providerRefsQuery = queryTemplate(
  (count: number) => String(count),
  (db, count, values: Record<string, string>) =>
    selectProviderRefs(
      db,
      Array.from({ length: count }, (_, index) => values[`id${index}`] ?? ''),
    ),
);

/**
 * The providers among `ids`, by name then id (the database's collation orders the names; past
 * `LOOKUP_BATCH` providers, within each batch).
 */
export async function findProviderRefRows(
  db: Kysely<Database>,
  ids: Iterable<string | null>,
): Promise<ProviderRefRow[]> {
  return lookUpInBatches(ids, (batch) => {
    if (batch.length > TEMPLATE_MAX_IDS) return selectProviderRefs(db, batch).execute();
    const values: Record<string, string> = {};
    for (const [index, id] of batch.entries()) values[`id${index}`] = id;
    return providerRefsQuery.execute(db, batch.length, values);
  });
}
