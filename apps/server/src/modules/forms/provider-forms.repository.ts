import type { Insertable, Kysely, Selectable } from 'kysely';
import type { FormUseCase } from '@kuvert/shared/forms';
import type { Database, FormsTable, FormVersionsTable } from '../../db/schema.ts';

/*
 * A provider's own forms, as it publishes, changes and withdraws them through the Sender API
 * (an adapter, which calls these through provider-forms.service.ts).
 */

export type FormRow = Selectable<FormsTable>;

export async function insertForm(db: Kysely<Database>, row: Insertable<FormsTable>): Promise<void> {
  await db.insertInto('forms').values(row).execute();
}

export async function insertFormVersion(
  db: Kysely<Database>,
  row: Insertable<FormVersionsTable>,
): Promise<void> {
  await db.insertInto('form_versions').values(row).execute();
}

/** The current version's use cases replace the previous ones. */
export async function replaceFormUseCases(
  db: Kysely<Database>,
  formId: string,
  useCases: readonly FormUseCase[],
): Promise<void> {
  await db.deleteFrom('form_use_cases').where('form_id', '=', formId).execute();
  if (useCases.length === 0) return;
  await db
    .insertInto('form_use_cases')
    .values(useCases.map((useCase) => ({ form_id: formId, use_case: useCase })))
    .execute();
}

/**
 * Takes the next version number of one of the provider's forms and makes it current, published
 * again if it was withdrawn. One statement, so it locks the row: of two concurrent new
 * versions each gets its own number. Undefined when the provider has no such form.
 */
export async function advanceFormVersion(
  db: Kysely<Database>,
  providerId: string,
  formId: string,
  fields: { title: string; description: string; is_public: number; updated_at: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable('forms')
    .set((eb) => ({
      ...fields,
      current_version: eb('current_version', '+', 1),
      unpublished_at: null,
    }))
    .where('id', '=', formId)
    .where('provider_id', '=', providerId)
    .returning('current_version')
    .executeTakeFirst();
  return row ? Number(row.current_version) : undefined;
}

/** Withdraws a form; true when the provider has it (withdrawn before or now). */
export async function unpublishForm(
  db: Kysely<Database>,
  providerId: string,
  formId: string,
  nowIso: string,
): Promise<boolean> {
  const form = await findProviderForm(db, providerId, formId);
  if (!form) return false;
  await db
    .updateTable('forms')
    .set({ unpublished_at: nowIso, updated_at: nowIso })
    .where('id', '=', formId)
    .where('provider_id', '=', providerId)
    .where('unpublished_at', 'is', null)
    .execute();
  return true;
}

/** One of the provider's forms; another provider's is simply not found. */
export async function findProviderForm(
  db: Kysely<Database>,
  providerId: string,
  formId: string,
): Promise<FormRow | undefined> {
  return db
    .selectFrom('forms')
    .selectAll()
    .where('id', '=', formId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/** The provider's forms, the most recently changed first. */
export async function findProviderForms(
  db: Kysely<Database>,
  providerId: string,
): Promise<FormRow[]> {
  return db
    .selectFrom('forms')
    .selectAll()
    .where('provider_id', '=', providerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The use cases of each form's current version (the list needs no definitions). */
export async function findCurrentUseCases(
  db: Kysely<Database>,
  formIds: readonly string[],
): Promise<Map<string, string>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('form_versions as v')
    .innerJoin('forms as f', (join) =>
      join.onRef('f.id', '=', 'v.form_id').onRef('f.current_version', '=', 'v.version'),
    )
    .select(['v.form_id', 'v.use_cases'])
    .where('v.form_id', 'in', formIds)
    .execute();
  return new Map(rows.map((row) => [row.form_id, row.use_cases]));
}

/** Every version of the forms, by form, oldest first. */
export async function findVersionRowsOfForms(db: Kysely<Database>, formIds: readonly string[]) {
  if (formIds.length === 0) return [];
  return db
    .selectFrom('form_versions as v')
    .select(['v.form_id', 'v.version', 'v.created_at'])
    .where('v.form_id', 'in', [...formIds])
    .orderBy('v.form_id')
    .orderBy('v.version')
    .execute();
}
