import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type {
  createFormDraftRequestSchema,
  FormAnswers,
  FormDraft,
  FormDraftList,
  FormDraftSummary,
  FormSummary,
  updateFormDraftRequestSchema,
} from '@kuvert/shared/forms';
import { newId } from '../../db/ids.ts';
import { saveAtVersion } from '../../db/versioned-update.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import {
  answersThatFit,
  assertAnswers,
  countAnswered,
  fileIdsIn,
  parseVersion,
  type ParsedVersion,
} from './form-definitions.ts';
import {
  deleteFormDraft,
  findFormDraftForUser,
  findFormDraftsOfAccount,
  insertFormDraft,
  updateFormDraftAtVersion,
  type FormDraftTableRow,
} from './form-drafts.repository.ts';
import { loadFillableForm } from './form-access.service.ts';
import { summariesOf } from './form-lookups.ts';
import { findFormsByIds, findFormVersions } from './forms.repository.ts';

type CreateFormDraftInput = z.output<typeof createFormDraftRequestSchema>;
type UpdateFormDraftInput = z.output<typeof updateFormDraftRequestSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stored answers; a row that does not parse opens empty rather than failing. */
/** A draft with the name of who started it (null when that user is gone). */
type FormDraftRow<Row extends FormDraftTableRow = FormDraftTableRow> = Row & {
  first_name: string | null;
  last_name: string | null;
};

/** The drafts with their authors' names, read from the users area at once for all of them. */
async function withAuthors<Row extends FormDraftTableRow>(
  app: FastifyInstance,
  rows: Row[],
): Promise<Array<FormDraftRow<Row>>> {
  const users = await findUserNames(
    app.db,
    rows.flatMap((row) => (row.created_by_user_id === null ? [] : [row.created_by_user_id])),
  );
  return rows.map((row) => {
    const author = row.created_by_user_id === null ? undefined : users.get(row.created_by_user_id);
    return { ...row, first_name: author?.first_name ?? null, last_name: author?.last_name ?? null };
  });
}

function answersOf(row: Pick<FormDraftRow, 'data'>): FormAnswers {
  try {
    const data: unknown = JSON.parse(row.data);
    return isRecord(data) ? data : {};
  } catch {
    return {};
  }
}

function authorName(row: Pick<FormDraftRow, 'first_name' | 'last_name'>): string | null {
  const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return name === '' ? null : name;
}

const versionKey = (formId: string, version: number) => `${formId}\u0000${version}`;

/** The forms (as summaries) and versions (parsed) the drafts were written against. */
async function contextOf(app: FastifyInstance, rows: FormDraftRow[]) {
  const forms = await summariesOf(
    app,
    await findFormsByIds(app.db, [...new Set(rows.map((row) => row.form_id))]),
  );
  const pairs = new Map(
    rows.map((row) => [
      versionKey(row.form_id, Number(row.form_version)),
      { formId: row.form_id, version: Number(row.form_version) },
    ]),
  );
  const versions = await findFormVersions(app.db, [...pairs.values()]);
  return {
    forms: new Map(forms.map((form) => [form.id, form])),
    // Parsed once each: drafts of one version share it.
    versions: new Map(
      versions.map((row) => [versionKey(row.form_id, row.version), parseVersion(row)]),
    ),
  };
}

type DraftContext = Awaited<ReturnType<typeof contextOf>>;

function partsOf(
  context: DraftContext,
  row: FormDraftRow,
): { form: FormSummary; version: ParsedVersion } {
  const form = context.forms.get(row.form_id);
  const version = context.versions.get(versionKey(row.form_id, Number(row.form_version)));
  // Both are referenced with cascading deletes: a draft never outlives its form or version.
  if (!form || !version) throw new Error(`form draft ${row.id}: its form version is gone`);
  return { form, version };
}

function toSummary(context: DraftContext, row: FormDraftRow): FormDraftSummary {
  const { form, version } = partsOf(context, row);
  return {
    id: row.id,
    form,
    form_version: version.version,
    answered: countAnswered(version.fields, answersOf(row)),
    field_count: version.fields.length,
    created_by_name: authorName(row),
    updated_at: row.updated_at,
  };
}

/**
 * The account's drafts, the latest saved first; the caller has checked access. Drafts of a
 * withdrawn form stay listed (their summary's `unpublished_at` says so).
 */
export async function listFormDraftSummaries(
  app: FastifyInstance,
  accountId: string,
): Promise<FormDraftSummary[]> {
  const rows = await withAuthors(app, await findFormDraftsOfAccount(app.db, accountId));
  const context = await contextOf(app, rows);
  return rows.map((row) => toSummary(context, row));
}

export async function listFormDrafts(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<FormDraftList> {
  await assertAccountAction(app.db, userId, accountId, 'read');
  return { items: await listFormDraftSummaries(app, accountId) };
}

async function requireDraft(app: FastifyInstance, userId: string, draftId: string) {
  const row = await findFormDraftForUser(app.db, userId, draftId);
  const [draft] = row ? await withAuthors(app, [row]) : [];
  if (!draft) throw new AppError('NOT_FOUND');
  return draft;
}

async function toDraft(app: FastifyInstance, row: FormDraftRow): Promise<FormDraft> {
  const { form, version } = partsOf(await contextOf(app, [row]), row);
  const data = answersOf(row);
  const files = await app.draftFiles.find(
    app.db,
    row.account_id,
    row.form_id,
    fileIdsIn(version.fields, data),
  );
  return {
    id: row.id,
    account_id: row.account_id,
    form,
    form_version: version.version,
    data,
    files,
    version: Number(row.version),
    created_by_name: authorName(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getFormDraft(
  app: FastifyInstance,
  userId: string,
  draftId: string,
): Promise<FormDraft> {
  return toDraft(app, await requireDraft(app, userId, draftId));
}

/** Starts a draft of a published form at one of its versions; answers follow the draft rules. */
export async function createFormDraft(
  app: FastifyInstance,
  userId: string,
  input: CreateFormDraftInput,
): Promise<FormDraft> {
  await assertAccountAction(app.db, userId, input.account_id, 'fill-in-forms');
  const { parsed } = await loadFillableForm(app, input.form_id, input.form_version, 'form_version');
  assertAnswers(parsed.fields, input.data, { draft: true });
  const now = app.clock.now();
  const id = newId(now.getTime());
  await insertFormDraft(app.db, {
    id,
    account_id: input.account_id,
    created_by_user_id: userId,
    form_id: input.form_id,
    form_version: parsed.version,
    data: JSON.stringify(input.data),
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  await publishLiveEvent(app, { type: 'forms.changed', account_id: input.account_id });
  return getFormDraft(app, userId, id);
}

/**
 * Saves the whole answers over the stored ones, if nobody saved since `version` was loaded
 * (CONFLICT otherwise, and nothing is overwritten). With `form_version` the draft moves to the
 * form's current version, keeping the answers that still fit there: a new version of a form
 * never breaks a draft of the old one.
 */
export async function updateFormDraft(
  app: FastifyInstance,
  userId: string,
  draftId: string,
  input: UpdateFormDraftInput,
): Promise<FormDraft> {
  const row = await requireDraft(app, userId, draftId);
  assertCan(row.role, 'fill-in-forms');
  const target = input.form_version ?? Number(row.form_version);
  const { form, parsed } = await loadFillableForm(app, row.form_id, target, 'form_version');
  const isMove = target !== Number(row.form_version);
  if (isMove && target !== Number(form.current_version)) {
    throw new AppError('VALIDATION_FAILED', {
      message: `A draft moves to the form's current version only (${form.current_version}).`,
      details: [{ path: 'form_version', message: 'Not the current version' }],
    });
  }
  const data = isMove ? answersThatFit(parsed.fields, input.data) : input.data;
  assertAnswers(parsed.fields, data, { draft: true });
  await saveAtVersion(
    () =>
      updateFormDraftAtVersion(app.db, draftId, input.version, {
        data: JSON.stringify(data),
        form_version: parsed.version,
        updated_at: app.clock.now().toISOString(),
      }),
    'This draft was saved elsewhere meanwhile. Reload it to see the newer answers.',
  );
  await publishLiveEvent(app, { type: 'forms.changed', account_id: row.account_id });
  return getFormDraft(app, userId, draftId);
}

export async function removeFormDraft(
  app: FastifyInstance,
  userId: string,
  draftId: string,
): Promise<void> {
  const row = await requireDraft(app, userId, draftId);
  assertCan(row.role, 'fill-in-forms');
  if (!(await deleteFormDraft(app.db, row.account_id, draftId))) throw new AppError('NOT_FOUND');
  await publishLiveEvent(app, { type: 'forms.changed', account_id: row.account_id });
}
