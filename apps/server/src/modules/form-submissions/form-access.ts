import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { findForm, findFormVersion, type FormRow } from './form-submissions.repository.ts';
import { parseVersion, type FilledVersion } from './form-versions.ts';

/** Who fills a form out: a logged-in person (any form) or anyone (public forms only). */
export type Audience = 'account' | 'public';

/**
 * A form that may be filled out: 404 when there is none (or, for anyone, when it is not
 * public: a form for logged-in users only is not shown to have a public side), 410
 * FORM_UNPUBLISHED when its provider withdrew it.
 */
export async function loadOpenForm(
  app: Pick<FastifyInstance, 'db'>,
  formId: string,
  audience: Audience,
): Promise<FormRow> {
  const form = await findForm(app.db, formId);
  if (!form) throw new AppError('NOT_FOUND', { message: 'There is no such form.' });
  if (audience === 'public' && Number(form.is_public) !== 1) {
    throw new AppError('NOT_FOUND', { message: 'There is no such form.' });
  }
  if (form.unpublished_at !== null) throw new AppError('FORM_UNPUBLISHED');
  return form;
}

/** A kept version of the form (the current one unless asked for another); 404 for none. */
export async function loadVersion(
  app: Pick<FastifyInstance, 'db'>,
  form: FormRow,
  version: number = Number(form.current_version),
): Promise<FilledVersion> {
  const row = await findFormVersion(app.db, form.id, version);
  if (!row) {
    throw new AppError('NOT_FOUND', { message: `This form has no version ${version}.` });
  }
  return parseVersion(row);
}
