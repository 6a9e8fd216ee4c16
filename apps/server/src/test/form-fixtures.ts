import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  checkFormDefinition,
  type FormUseCase,
  type SenderFormRequest,
} from '@kuvert/shared/forms';
import { newId } from '../db/ids.ts';
import { multipart } from './mailbox.ts';

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

/** The text of a PDF as poppler's pdftotext reads it (one line per line, layout kept). */
export function pdfText(bytes: Uint8Array): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'kuvert-form-pdf-'));
  try {
    const file = path.join(folder, 'form.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A file part for the form file routes. */
export interface TestFile {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A visitor's upload token for the public form (from `remoteAddress`, if given). */
export async function issueUploadToken(
  app: FastifyInstance,
  formId: string,
  remoteAddress = '203.0.113.10',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/public/forms/${formId}/upload-token`,
    remoteAddress,
  });
  if (response.statusCode !== 201) {
    throw new Error(`no upload token: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ token: string }>().token;
}

/** POST /api/public/forms/{formId}/files with the token; `field` names the file field. */
export function postPublicFile(
  app: FastifyInstance,
  formId: string,
  token: string | undefined,
  file: TestFile,
  options: { field?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = multipart([{ name: 'file', ...file }]);
  const query = options.field ? `?field=${encodeURIComponent(options.field)}` : '';
  return app.inject({
    method: 'POST',
    url: `/api/public/forms/${formId}/files${query}`,
    remoteAddress: options.remoteAddress ?? '203.0.113.10',
    headers: {
      'content-type': body.contentType,
      ...(token === undefined ? {} : { 'kuvert-form-token': token }),
    },
    payload: body.payload,
  });
}

/** POST /api/forms/{formId}/files as a logged-in user, for `accountId`. */
export function postAccountFile(
  app: FastifyInstance,
  user: { headers: Record<string, string> },
  formId: string,
  accountId: string,
  file: TestFile,
  field?: string,
): Promise<LightMyRequestResponse> {
  const body = multipart([{ name: 'file', ...file }]);
  const query = `?account_id=${accountId}${field ? `&field=${encodeURIComponent(field)}` : ''}`;
  return app.inject({
    method: 'POST',
    url: `/api/forms/${formId}/files${query}`,
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

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
