import { sql, type Kysely, type Selectable } from 'kysely';
import type { FormUseCase } from '@kuvert/shared/forms';
import type { Database, FormVersionsTable } from '../../db/schema.ts';
import { containsPattern, foldedSql } from '../../db/folded-search.ts';
import {
  countLettersFromProvider as countInboundLettersFromProvider,
  findProvidersByLatestLetter,
} from '../letters/letter-provider-stats.service.ts';
import { findProviderRefs, findProviderRefsByName } from '../providers/provider-refs.service.ts';

export type FormVersionRow = Selectable<FormVersionsTable>;

/** The catalogue's order: title without regard to (ASCII) case, then id. */
const sortTitle = sql<string>`lower(f.title)`;

function selectForms(db: Kysely<Database>) {
  return db
    .selectFrom('forms as f')
    .select([
      'f.id',
      'f.provider_id',
      'f.current_version',
      'f.title',
      'f.description',
      'f.is_public',
      'f.unpublished_at',
      'f.updated_at',
    ]);
}

type FormRow = Awaited<ReturnType<ReturnType<typeof selectForms>['executeTakeFirstOrThrow']>>;

export interface FormWithProviderRow extends FormRow {
  provider_name: string;
  provider_category: string;
  provider_logo_key: string | null;
  provider_verified_at: string | null;
}

/**
 * The forms with their provider's columns, which the providers area answers for all of them
 * at once; the order is kept. Every form has its provider (a foreign key that cascades).
 */
async function withProviders(
  db: Kysely<Database>,
  rows: readonly FormRow[],
): Promise<FormWithProviderRow[]> {
  const providers = await findProviderRefs(
    db,
    rows.map((row) => row.provider_id),
  );
  return rows.flatMap((row) => {
    const provider = providers.get(row.provider_id);
    if (provider === undefined) return [];
    return [
      {
        ...row,
        provider_name: provider.name,
        provider_category: provider.category,
        provider_logo_key: provider.logo_key,
        provider_verified_at: provider.verified_at,
      },
    ];
  });
}

export interface CatalogueFilter {
  /** Folded words; each must be in the title or the description. */
  words: string[];
  useCase?: FormUseCase;
  providerId?: string;
  after?: { sortTitle: string; id: string };
  limit: number;
}

/** Published forms in title order, from `after` on. */
export async function findCataloguePage(
  db: Kysely<Database>,
  filter: CatalogueFilter,
): Promise<FormWithProviderRow[]> {
  let query = selectForms(db).where('f.unpublished_at', 'is', null);
  if (filter.words.length > 0) {
    // Title and description as one text: each word is folded against it once.
    const haystack = foldedSql(
      sql<string>`(${sql.ref('f.title')} || ' ' || ${sql.ref('f.description')})`,
    );
    for (const word of filter.words) {
      query = query.where(sql<boolean>`${haystack} like ${containsPattern(word)} escape '\\'`);
    }
  }
  const { useCase, providerId, after } = filter;
  if (useCase !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('form_use_cases as u')
          .select('u.form_id')
          .whereRef('u.form_id', '=', 'f.id')
          .where('u.use_case', '=', useCase),
      ),
    );
  }
  if (providerId !== undefined) query = query.where('f.provider_id', '=', providerId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb(sortTitle, '>', after.sortTitle),
        eb.and([eb(sortTitle, '=', after.sortTitle), eb('f.id', '>', after.id)]),
      ]),
    );
  }
  return withProviders(
    db,
    await query.orderBy(sortTitle).orderBy('f.id').limit(filter.limit).execute(),
  );
}

/** Where a catalogue page goes on: the title order key of the form the last one ended with. */
export async function findSortTitle(
  db: Kysely<Database>,
  formId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('forms as f')
    .select(sortTitle.as('sort_title'))
    .where('f.id', '=', formId)
    .executeTakeFirst();
  return row?.sort_title;
}

/**
 * Published forms of the providers that wrote to the account (letters in its trash aside),
 * the provider with the latest letter first; the membership check is the caller's. The
 * letters area ranks the providers; the query keeps that rank, so the limit is the database's.
 */
export async function findFormsOfRecentProviders(
  db: Kysely<Database>,
  accountId: string,
  limit: number,
): Promise<FormWithProviderRow[]> {
  const providerIds = await findProvidersByLatestLetter(db, accountId);
  if (providerIds.length === 0) return [];
  const rank = sql<number>`case ${sql.ref('f.provider_id')} ${sql.join(
    providerIds.map((id, index) => sql`when ${id} then ${sql.lit(index)}`),
    sql` `,
  )} end`;
  const rows = await selectForms(db)
    .where('f.provider_id', 'in', providerIds)
    .where('f.unpublished_at', 'is', null)
    .orderBy(rank)
    .orderBy(sortTitle)
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return withProviders(db, rows);
}

/** Forms by id, published or not (a draft's form may have been withdrawn since). */
export async function findFormsByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<FormWithProviderRow[]> {
  if (ids.length === 0) return [];
  return withProviders(db, await selectForms(db).where('f.id', 'in', ids).execute());
}

export async function findForm(
  db: Kysely<Database>,
  formId: string,
): Promise<FormWithProviderRow | undefined> {
  const row = await selectForms(db).where('f.id', '=', formId).executeTakeFirst();
  if (row === undefined) return undefined;
  const [form] = await withProviders(db, [row]);
  return form;
}

/** The provider's published forms in title order. */
export async function findPublishedFormsOfProvider(
  db: Kysely<Database>,
  providerId: string,
): Promise<FormWithProviderRow[]> {
  const rows = await selectForms(db)
    .where('f.provider_id', '=', providerId)
    .where('f.unpublished_at', 'is', null)
    .orderBy(sortTitle)
    .orderBy('f.id')
    .execute();
  return withProviders(db, rows);
}

/** The use cases of each form, as stored (the current version's). */
export async function findUseCasesOfForms(
  db: Kysely<Database>,
  formIds: readonly string[],
): Promise<Array<{ form_id: string; use_case: FormUseCase }>> {
  if (formIds.length === 0) return [];
  return db
    .selectFrom('form_use_cases')
    .select(['form_id', 'use_case'])
    .where('form_id', 'in', formIds)
    .execute();
}

export async function findFormVersion(
  db: Kysely<Database>,
  formId: string,
  version: number,
): Promise<FormVersionRow | undefined> {
  return db
    .selectFrom('form_versions')
    .selectAll()
    .where('form_id', '=', formId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Versions by (form, version); each pair at most once in the answer. */
export async function findFormVersions(
  db: Kysely<Database>,
  pairs: ReadonlyArray<{ formId: string; version: number }>,
): Promise<FormVersionRow[]> {
  if (pairs.length === 0) return [];
  return db
    .selectFrom('form_versions')
    .selectAll()
    .where((eb) =>
      eb.or(
        pairs.map((pair) =>
          eb.and([eb('form_id', '=', pair.formId), eb('version', '=', pair.version)]),
        ),
      ),
    )
    .execute();
}

/** Providers with at least one published form, by name (then id), with how many. */
export async function findProvidersWithForms(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('forms as f')
    .select(['f.provider_id', (eb) => eb.fn.countAll<number>().as('form_count')])
    .where('f.unpublished_at', 'is', null)
    .groupBy('f.provider_id')
    .execute();
  const formCounts = new Map(rows.map((row) => [row.provider_id, Number(row.form_count)]));
  const providers = await findProviderRefsByName(db, formCounts.keys());
  return providers.map((provider) => ({
    id: provider.id,
    name: provider.name,
    category: provider.category,
    logo_key: provider.logo_key,
    verified_at: provider.verified_at,
    form_count: formCounts.get(provider.id) ?? 0,
  }));
}

export async function findProvider(db: Kysely<Database>, providerId: string) {
  return (await findProviderRefs(db, [providerId])).get(providerId);
}

/** Letters from the provider in the caller's accounts (their trash aside). */
export async function countLettersFromProvider(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
): Promise<number> {
  return countInboundLettersFromProvider(db, userId, providerId);
}

/** Published forms per use case (use cases without any are absent). */
export async function countPublishedFormsByUseCase(
  db: Kysely<Database>,
): Promise<Map<FormUseCase, number>> {
  const rows = await db
    .selectFrom('form_use_cases as u')
    .innerJoin('forms as f', 'f.id', 'u.form_id')
    .select(['u.use_case', (eb) => eb.fn.countAll<number>().as('count')])
    .where('f.unpublished_at', 'is', null)
    .groupBy('u.use_case')
    .execute();
  return new Map(rows.map((row) => [row.use_case, Number(row.count)]));
}
