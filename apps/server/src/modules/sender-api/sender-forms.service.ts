import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  checkFormDefinition,
  senderFormPublishedSchema,
  type DefinitionProblem,
  type senderFormRequestSchema,
  type SenderForm,
  type SenderFormList,
  type SenderFormPublished,
} from '@kuvert/shared/forms';
import type { LetterDetail } from '@kuvert/shared/letters';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { getFormVersion } from '../forms/form-access.service.ts';
import { fingerprintOf, runIdempotently } from './idempotency.ts';
import { toSenderForm } from './sender-forms.presenter.ts';
import {
  advanceFormVersion,
  findCurrentUseCases,
  findProviderForm,
  findProviderForms,
  insertForm,
  insertFormVersion,
  replaceFormUseCases,
  unpublishForm,
} from '../forms/provider-forms.service.ts';
import { findVersionsWithCounts } from './sender-form-versions.ts';

export type SenderFormInput = z.output<typeof senderFormRequestSchema>;

/** `path: message` of each problem; the schema's root (the empty pointer) is `(schema)`. */
export function definitionInvalidMessage(problems: readonly DefinitionProblem[]): string {
  const listed = problems
    .map((problem) => `${problem.path === '' ? '(schema)' : problem.path}: ${problem.message}`)
    .join('; ');
  return `The form definition is outside the supported JSON Schema subset: ${listed}`;
}

/** 422 naming every problem of a definition outside the subset (DESIGN §8). */
function assertDefinition(input: SenderFormInput): void {
  const problems = checkFormDefinition(input.schema, input.ui_schema);
  if (problems.length === 0) return;
  throw new AppError('FORM_DEFINITION_INVALID', {
    message: definitionInvalidMessage(problems),
    details: problems,
  });
}

/** What one version stores: as sent, each use case once. */
function versionRow(formId: string, version: number, input: SenderFormInput, nowIso: string) {
  return {
    form_id: formId,
    version,
    title: input.title,
    description: input.description,
    use_cases: JSON.stringify([...new Set(input.use_cases)]),
    is_public: input.public ? 1 : 0,
    schema: JSON.stringify(input.schema),
    ui_schema: JSON.stringify(input.ui_schema),
    created_at: nowIso,
  };
}

/** POST /forms: version 1 of a new form, once per Idempotency-Key (idempotency.ts). */
export async function publishForm(
  app: FastifyInstance,
  providerId: string,
  input: SenderFormInput,
  idempotencyKey: string | undefined,
): Promise<SenderFormPublished> {
  assertDefinition(input);
  const once = {
    providerId,
    key: idempotencyKey,
    fingerprint: fingerprintOf({ route: 'POST /forms', input }),
    responseStatus: 201,
    responseSchema: senderFormPublishedSchema,
  };
  return runIdempotently(app, once, async (remember) => {
    const now = app.clock.now();
    const nowIso = now.toISOString();
    const published = { id: newId(now.getTime()), version: 1 };
    await app.db.transaction().execute(async (trx) => {
      await insertForm(trx, {
        id: published.id,
        provider_id: providerId,
        current_version: published.version,
        title: input.title,
        description: input.description,
        is_public: input.public ? 1 : 0,
        unpublished_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      });
      await insertFormVersion(trx, versionRow(published.id, published.version, input, nowIso));
      await replaceFormUseCases(trx, published.id, [...new Set(input.use_cases)]);
      await remember(trx, published);
    });
    return published;
  });
}

/**
 * PUT /forms/{id}: a new version, which becomes current; the old ones stay for the drafts and
 * submissions filled against them. A withdrawn form is published again.
 */
export async function publishFormVersion(
  app: FastifyInstance,
  providerId: string,
  formId: string,
  input: SenderFormInput,
): Promise<SenderFormPublished> {
  if (!(await findProviderForm(app.db, providerId, formId))) throw new AppError('NOT_FOUND');
  assertDefinition(input);
  const nowIso = app.clock.now().toISOString();
  return app.db.transaction().execute(async (trx) => {
    const version = await advanceFormVersion(trx, providerId, formId, {
      title: input.title,
      description: input.description,
      is_public: input.public ? 1 : 0,
      updated_at: nowIso,
    });
    // Deleted with its provider between the check above and here.
    if (version === undefined) throw new AppError('NOT_FOUND');
    await insertFormVersion(trx, versionRow(formId, version, input, nowIso));
    await replaceFormUseCases(trx, formId, [...new Set(input.use_cases)]);
    return { id: formId, version };
  });
}

export async function listSenderForms(
  app: FastifyInstance,
  providerId: string,
): Promise<SenderFormList> {
  const forms = await findProviderForms(app.db, providerId);
  const ids = forms.map((form) => form.id);
  const useCases = await findCurrentUseCases(app.db, ids);
  const versions = await findVersionsWithCounts(app.db, ids);
  return {
    items: forms.map((form) =>
      toSenderForm(form, { use_cases: useCases.get(form.id) ?? '[]' }, versions),
    ),
  };
}

export async function getSenderForm(
  app: FastifyInstance,
  providerId: string,
  formId: string,
): Promise<SenderForm> {
  const form = await findProviderForm(app.db, providerId, formId);
  if (!form) throw new AppError('NOT_FOUND');
  const current = await getFormVersion(app, form.id, form.current_version);
  if (!current) throw new AppError('NOT_FOUND');
  const versions = await findVersionsWithCounts(app.db, [form.id]);
  return toSenderForm(form, current, versions);
}

/** DELETE /forms/{id}: withdrawn, not deleted; its submissions stay. Again: no change. */
export async function unpublishSenderForm(
  app: FastifyInstance,
  providerId: string,
  formId: string,
): Promise<void> {
  const nowIso = app.clock.now().toISOString();
  if (!(await unpublishForm(app.db, providerId, formId, nowIso))) {
    throw new AppError('NOT_FOUND');
  }
}

/** A letter may name one of its provider's published forms (metadata.form_id). */
export async function assertLetterForm(
  db: Kysely<Database>,
  providerId: string,
  formId: string | undefined,
): Promise<void> {
  if (formId === undefined) return;
  const form = await findProviderForm(db, providerId, formId);
  if (form && form.unpublished_at === null) return;
  throw new AppError('VALIDATION_FAILED', {
    details: [{ path: 'metadata.form_id', message: 'Not one of your published forms' }],
  });
}

/** The form a letter names, as its detail shows it; only ever a form of the letter's provider. */
export async function getLetterForm(
  db: Kysely<Database>,
  letter: { provider_id: string | null; form_id: string | null },
): Promise<LetterDetail['form']> {
  if (letter.provider_id === null || letter.form_id === null) return null;
  const form = await findProviderForm(db, letter.provider_id, letter.form_id);
  if (!form) return null;
  return {
    id: form.id,
    provider_id: form.provider_id,
    title: form.title,
    available: form.unpublished_at === null,
  };
}
