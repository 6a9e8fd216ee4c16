import { sql, type Kysely, type Selectable } from 'kysely';
import type { FormUseCase } from '@kuvert/shared/forms';
import type { Database, FormVersionsTable } from '../../db/schema.ts';
import { callerIsMember } from '../../db/scopes.ts';
import { containsPattern, foldedSql } from '../../db/folded-search.ts';

export type FormVersionRow = Selectable<FormVersionsTable>;

/** The catalogue's order: title without regard to (ASCII) case, then id. */
const sortTitle = sql<string>`lower(f.title)`;

function formsWithProvider(db: Kysely<Database>) {
  return db
    .selectFrom('forms as f')
    .innerJoin('providers as p', 'p.id', 'f.provider_id')
    .select([
      'f.id',
      'f.provider_id',
      'f.current_version',
      'f.title',
      'f.description',
      'f.is_public',
      'f.unpublished_at',
      'f.updated_at',
      'p.name as provider_name',
      'p.category as provider_category',
      'p.logo_key as provider_logo_key',
      'p.verified_at as provider_verified_at',
    ]);
}

export type FormWithProviderRow = Awaited<
  ReturnType<ReturnType<typeof formsWithProvider>['executeTakeFirstOrThrow']>
>;

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
  let query = formsWithProvider(db).where('f.unpublished_at', 'is', null);
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
  return query.orderBy(sortTitle).orderBy('f.id').limit(filter.limit).execute();
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
 * the provider with the latest letter first; the membership check is the caller's.
 */
export async function findFormsOfRecentProviders(
  db: Kysely<Database>,
  accountId: string,
  limit: number,
): Promise<FormWithProviderRow[]> {
  return formsWithProvider(db)
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('letters as l')
          .select(['l.provider_id', (inner) => inner.fn.max('l.created_at').as('last_letter_at')])
          .where('l.account_id', '=', accountId)
          .where('l.direction', '=', 'inbound')
          .where('l.trashed_at', 'is', null)
          .where('l.provider_id', 'is not', null)
          .groupBy('l.provider_id')
          .as('latest'),
      (join) => join.onRef('latest.provider_id', '=', 'f.provider_id'),
    )
    .where('f.unpublished_at', 'is', null)
    .orderBy('latest.last_letter_at', 'desc')
    .orderBy('f.provider_id')
    .orderBy(sortTitle)
    .orderBy('f.id')
    .limit(limit)
    .execute();
}

/** Forms by id, published or not (a draft's form may have been withdrawn since). */
export async function findFormsByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<FormWithProviderRow[]> {
  if (ids.length === 0) return [];
  return formsWithProvider(db).where('f.id', 'in', ids).execute();
}

export async function findForm(
  db: Kysely<Database>,
  formId: string,
): Promise<FormWithProviderRow | undefined> {
  return formsWithProvider(db).where('f.id', '=', formId).executeTakeFirst();
}

/** The provider's published forms in title order. */
export async function findPublishedFormsOfProvider(
  db: Kysely<Database>,
  providerId: string,
): Promise<FormWithProviderRow[]> {
  return formsWithProvider(db)
    .where('f.provider_id', '=', providerId)
    .where('f.unpublished_at', 'is', null)
    .orderBy(sortTitle)
    .orderBy('f.id')
    .execute();
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

/** Providers with at least one published form, by name, with how many. */
export async function findProvidersWithForms(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('forms as f')
    .innerJoin('providers as p', 'p.id', 'f.provider_id')
    .select([
      'p.id',
      'p.name',
      'p.category',
      'p.logo_key',
      'p.verified_at',
      (eb) => eb.fn.countAll<number>().as('form_count'),
    ])
    .where('f.unpublished_at', 'is', null)
    .groupBy(['p.id', 'p.name', 'p.category', 'p.logo_key', 'p.verified_at'])
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({ ...row, form_count: Number(row.form_count) }));
}

export async function findProvider(db: Kysely<Database>, providerId: string) {
  return db
    .selectFrom('providers')
    .select(['id', 'name', 'category', 'logo_key', 'verified_at'])
    .where('id', '=', providerId)
    .executeTakeFirst();
}

/** Letters from the provider in the caller's accounts (their trash aside). */
export async function countLettersFromProvider(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
): Promise<number> {
  const row = await db
    .selectFrom('letters as l')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('l.provider_id', '=', providerId)
    .where('l.direction', '=', 'inbound')
    .where('l.trashed_at', 'is', null)
    .where(callerIsMember(userId, 'l.account_id'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
