import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { assertFillableVersion, parseVersion } from './form-definitions.ts';
import {
  findForm,
  findFormVersion,
  type FormVersionRow,
  type FormWithProviderRow,
} from './forms.repository.ts';

/*
 * What other areas may know of forms: filling out (form submissions) and a provider's own forms
 * (the Sender API) read forms and their versions through here, not through the repository.
 */

export type { FormVersionRow, FormWithProviderRow };
export type { StoredDefinition } from './form-definitions.ts';
export { assertFillableVersion, readStoredDefinition } from './form-definitions.ts';

/** Who fills a form out: a logged-in person (any form) or anyone (public forms only). */
export type Audience = 'account' | 'public';

/** A kept version of a form; undefined for one it never had. */
export async function getFormVersion(
  app: Pick<FastifyInstance, 'db'>,
  formId: string,
  version: number,
): Promise<FormVersionRow | undefined> {
  return findFormVersion(app.db, formId, version);
}

/**
 * A form that may be filled out: 404 when there is none (or, for anyone, when it is not
 * public: a form for logged-in users only is not shown to have a public side), 410
 * FORM_UNPUBLISHED when its provider withdrew it.
 */
export async function loadOpenForm(
  app: Pick<FastifyInstance, 'db'>,
  formId: string,
  audience: Audience,
): Promise<FormWithProviderRow> {
  const form = await findForm(app.db, formId);
  if (!form || (audience === 'public' && Number(form.is_public) !== 1)) {
    throw new AppError('NOT_FOUND', { message: 'There is no such form.' });
  }
  if (form.unpublished_at !== null) throw new AppError('FORM_UNPUBLISHED');
  return form;
}

/**
 * A kept version of the form (the current one unless asked for another); 404 for one it never
 * had, naming the input at `versionPath` when there is one.
 */
export async function loadFormVersion(
  app: Pick<FastifyInstance, 'db'>,
  form: Pick<FormWithProviderRow, 'id' | 'current_version'>,
  version: number = Number(form.current_version),
  versionPath?: string,
): Promise<FormVersionRow> {
  const row = await findFormVersion(app.db, form.id, version);
  if (row) return row;
  throw new AppError('NOT_FOUND', {
    message: `This form has no version ${version}.`,
    ...(versionPath === undefined
      ? {}
      : { details: [{ path: versionPath, message: 'No such version' }] }),
  });
}

/**
 * A kept version for `audience`: for anyone, only a public one; a version that is not public
 * is 404 exactly as one the form never had (reading, files, submitting alike).
 */
export async function loadVersionFor(
  app: Pick<FastifyInstance, 'db'>,
  form: Pick<FormWithProviderRow, 'id' | 'current_version'>,
  audience: Audience,
  version?: number,
  versionPath?: string,
): Promise<FormVersionRow> {
  const row = await loadFormVersion(app, form, version, versionPath);
  if (audience === 'public' && Number(row.is_public) !== 1) {
    throw new AppError('NOT_FOUND', { message: 'There is no such form.' });
  }
  return row;
}

/**
 * A published form at one version (the current one unless asked), for filling out: 410 once
 * the provider withdrew it, 404 for a version it never had (`versionPath` names the input) or,
 * for anyone, one that is not public; 410 FORM_VERSION_UNSUPPORTED for a version with a
 * pattern the linear engine refuses.
 */
export async function loadFillableForm(
  app: Pick<FastifyInstance, 'db'>,
  formId: string,
  version: number | undefined,
  versionPath = 'querystring.version',
  audience: Audience = 'account',
) {
  const form = await loadOpenForm(app, formId, audience);
  const versionRow = await loadVersionFor(app, form, audience, version, versionPath);
  const parsed = parseVersion(versionRow);
  assertFillableVersion(parsed);
  return { form, versionRow, parsed };
}

export type FillableForm = Awaited<ReturnType<typeof loadFillableForm>>;
