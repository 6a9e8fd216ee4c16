import type { FastifyInstance } from 'fastify';
import {
  checkFormDefinition,
  type FormUseCase,
  type SenderFormRequest,
} from '@kuvert/shared/forms';
import { newId } from '../db/ids.ts';

/**
 * Forms for tests, written straight into the tables (forms, form_versions, form_use_cases)
 * the way publishing through the Sender API leaves them; each definition is checked by the
 * shared `checkFormDefinition` first, so a fixture is always one a provider could publish.
 */

export type TestFormDefinition = Partial<
  Pick<SenderFormRequest, 'title' | 'description' | 'use_cases' | 'public' | 'ui_schema'>
> & { schema: Record<string, unknown> };

function assertPublishable(definition: TestFormDefinition): void {
  const problems = checkFormDefinition(definition.schema, definition.ui_schema ?? {});
  if (problems.length > 0) {
    throw new Error(
      `test form is not publishable: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
    );
  }
}

function versionRow(formId: string, version: number, definition: TestFormDefinition, now: string) {
  return {
    form_id: formId,
    version,
    title: definition.title ?? 'Test form',
    description: definition.description ?? '',
    use_cases: JSON.stringify(definition.use_cases ?? ['other']),
    is_public: definition.public === false ? 0 : 1,
    schema: JSON.stringify(definition.schema),
    ui_schema: JSON.stringify(definition.ui_schema ?? {}),
    created_at: now,
  };
}

async function replaceUseCases(app: FastifyInstance, formId: string, useCases: FormUseCase[]) {
  await app.db.deleteFrom('form_use_cases').where('form_id', '=', formId).execute();
  await app.db
    .insertInto('form_use_cases')
    .values(useCases.map((useCase) => ({ form_id: formId, use_case: useCase })))
    .execute();
}

/** A published form (version 1) of the provider; public unless `public: false`. */
export async function createTestForm(
  app: FastifyInstance,
  providerId: string,
  definition: TestFormDefinition,
): Promise<{ id: string; version: number }> {
  assertPublishable(definition);
  const now = app.clock.now().toISOString();
  const id = newId(app.clock.now().getTime());
  const row = versionRow(id, 1, definition, now);
  await app.db
    .insertInto('forms')
    .values({
      id,
      provider_id: providerId,
      current_version: 1,
      title: row.title,
      description: row.description,
      is_public: row.is_public,
      unpublished_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await app.db.insertInto('form_versions').values(row).execute();
  await replaceUseCases(app, id, definition.use_cases ?? ['other']);
  return { id, version: 1 };
}

/** Publishes a new version of the form; the earlier ones are kept. Answers its number. */
export async function publishTestFormVersion(
  app: FastifyInstance,
  formId: string,
  definition: TestFormDefinition,
): Promise<number> {
  assertPublishable(definition);
  const form = await app.db
    .selectFrom('forms')
    .select('current_version')
    .where('id', '=', formId)
    .executeTakeFirstOrThrow();
  const version = Number(form.current_version) + 1;
  const now = app.clock.now().toISOString();
  const row = versionRow(formId, version, definition, now);
  await app.db.insertInto('form_versions').values(row).execute();
  await app.db
    .updateTable('forms')
    .set({
      current_version: version,
      title: row.title,
      description: row.description,
      is_public: row.is_public,
      updated_at: now,
    })
    .where('id', '=', formId)
    .execute();
  await replaceUseCases(app, formId, definition.use_cases ?? ['other']);
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
 * A form with a field of every kind the issue's journey names (text, e-mail, date, IBAN,
 * choice, checkbox, file), a section, and a consent that must be ticked.
 */
export const MOVING_FORM: TestFormDefinition = {
  title: 'Change of address',
  description: 'Tell us where you moved.',
  use_cases: ['moving_house'],
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
