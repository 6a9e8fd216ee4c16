import type { FastifyInstance } from 'fastify';
import { checkFormDefinition, type FormUseCase } from '@kuvert/shared/forms';
import { newId } from '../db/ids.ts';

/**
 * Forms for tests at the database level, written with Kysely as the Sender API stores them
 * (forms, form_versions, form_use_cases), so portal tests do not depend on the publishing
 * route; drafts as the drafts routes store them. Definitions are put through the shared check
 * first: a test cannot store what a provider could not publish. Publishing through the Sender
 * API itself is in `sender-forms.ts`.
 */

export interface TestFormInput {
  title?: string;
  description?: string;
  schema?: Record<string, unknown>;
  ui_schema?: Record<string, unknown>;
  public?: boolean;
  use_cases?: FormUseCase[];
  /**
   * Stored without today's check, as an older Kuvert may have kept it (a pattern the linear
   * engine refuses): for tests of versions published before a rule was tightened.
   */
  legacy?: boolean;
}

/** A small form with a prefilled name and e-mail, a date and a choice. */
export const SAMPLE_FORM_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', 'x-kuvert-prefill': 'profile.full_name' },
    email: {
      type: 'string',
      format: 'email',
      title: 'E-mail',
      'x-kuvert-prefill': 'profile.email',
    },
    moved_on: { type: 'string', format: 'date', title: 'Moved on' },
    reason: { type: 'string', enum: ['job', 'family', 'other'], title: 'Reason' },
  },
  required: ['name', 'email'],
} as const;

let formCounter = 0;

function definitionOf(input: TestFormInput) {
  const schema = input.schema ?? SAMPLE_FORM_SCHEMA;
  const uiSchema = input.ui_schema ?? {};
  const problems = input.legacy === true ? [] : checkFormDefinition(schema, uiSchema);
  if (problems.length > 0) {
    throw new Error(`test form definition refused: ${JSON.stringify(problems)}`);
  }
  return { schema: JSON.stringify(schema), ui_schema: JSON.stringify(uiSchema) };
}

async function writeVersion(
  app: FastifyInstance,
  formId: string,
  version: number,
  input: TestFormInput & { title: string },
): Promise<void> {
  const now = app.clock.now().toISOString();
  const useCases = input.use_cases ?? ['other'];
  const isPublic = input.public === true ? 1 : 0;
  await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('form_versions')
      .values({
        form_id: formId,
        version,
        title: input.title,
        description: input.description ?? '',
        use_cases: JSON.stringify(useCases),
        is_public: isPublic,
        ...definitionOf(input),
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('forms')
      .set({
        current_version: version,
        title: input.title,
        description: input.description ?? '',
        is_public: isPublic,
        updated_at: now,
      })
      .where('id', '=', formId)
      .execute();
    await trx.deleteFrom('form_use_cases').where('form_id', '=', formId).execute();
    await trx
      .insertInto('form_use_cases')
      .values(useCases.map((useCase) => ({ form_id: formId, use_case: useCase })))
      .execute();
  });
}

/** Publishes a form of the provider at version 1; answers its id. */
export async function publishTestForm(
  app: FastifyInstance,
  providerId: string,
  input: TestFormInput = {},
): Promise<string> {
  formCounter += 1;
  const title = input.title ?? `Form ${formCounter}`;
  const now = app.clock.now().toISOString();
  const id = newId(app.clock.now().getTime());
  await app.db
    .insertInto('forms')
    .values({
      id,
      provider_id: providerId,
      current_version: 1,
      title,
      description: input.description ?? '',
      is_public: input.public === true ? 1 : 0,
      unpublished_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await writeVersion(app, id, 1, { ...input, title });
  return id;
}

/** Publishes the next version of a form (what is not given is taken from the current one). */
export async function publishTestVersion(
  app: FastifyInstance,
  formId: string,
  input: TestFormInput = {},
): Promise<number> {
  const form = await app.db
    .selectFrom('forms')
    .select(['current_version', 'title', 'description', 'is_public'])
    .where('id', '=', formId)
    .executeTakeFirstOrThrow();
  const useCases = await app.db
    .selectFrom('form_use_cases')
    .select('use_case')
    .where('form_id', '=', formId)
    .execute();
  const version = Number(form.current_version) + 1;
  await writeVersion(app, formId, version, {
    ...input,
    legacy: input.legacy ?? false,
    title: input.title ?? form.title,
    description: input.description ?? form.description,
    public: input.public ?? Number(form.is_public) === 1,
    use_cases: input.use_cases ?? useCases.map((row) => row.use_case),
  });
  return version;
}

/** Withdraws the form, as DELETE /api/sender/v1/forms/{id} does. */
export async function unpublishTestForm(app: FastifyInstance, formId: string): Promise<void> {
  const now = app.clock.now().toISOString();
  await app.db
    .updateTable('forms')
    .set({ unpublished_at: now, updated_at: now })
    .where('id', '=', formId)
    .execute();
}

/**
 * A form with a field of every kind the journey names (text, e-mail, date, IBAN,
 * choice, checkbox, file), a section, and a consent that must be ticked.
 */
export const MOVING_FORM: TestFormInput = {
  title: 'Change of address',
  description: 'Tell us where you moved.',
  use_cases: ['moving_house'],
  public: true,
  schema: {
    type: 'object',
    properties: {
      full_name: { type: 'string', title: 'Full name', minLength: 2 },
      email: { type: 'string', format: 'email', title: 'E-mail address' },
      moved_on: { type: 'string', format: 'date', title: 'Moving date' },
      iban: { type: 'string', format: 'iban', title: 'IBAN for refunds' },
      tariff: {
        type: 'string',
        title: 'Tariff',
        enum: ['basic', 'green'],
      },
      paperless: { type: 'boolean', title: 'Paperless billing' },
      address: {
        type: 'object',
        title: 'New address',
        properties: {
          street: { type: 'string', title: 'Street and number' },
          city: { type: 'string', title: 'City' },
        },
        required: ['street', 'city'],
      },
      proof: {
        type: 'string',
        format: 'file',
        title: 'Proof of residence',
        'x-kuvert-accept': ['application/pdf'],
      },
      photos: {
        type: 'array',
        title: 'Meter photos',
        items: { type: 'string', format: 'file', 'x-kuvert-accept': ['image/png', 'image/jpeg'] },
        maxItems: 3,
      },
      consent: { type: 'boolean', const: true, title: 'I confirm the answers are true' },
    },
    required: ['full_name', 'email', 'moved_on', 'tariff'],
  },
  ui_schema: {
    tariff: { 'ui:enumNames': ['Basic tariff', 'Green electricity'] },
  },
};

/** A draft of the form in the account, as the drafts routes write it. */
export async function createTestDraft(
  app: FastifyInstance,
  input: { accountId: string; userId: string; formId: string; version?: number; data?: object },
): Promise<string> {
  const id = newId(app.clock.now().getTime());
  const now = app.clock.now().toISOString();
  await app.db
    .insertInto('form_drafts')
    .values({
      id,
      account_id: input.accountId,
      created_by_user_id: input.userId,
      form_id: input.formId,
      form_version: input.version ?? 1,
      data: JSON.stringify(input.data ?? {}),
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
