import type { FastifyInstance } from 'fastify';
import { formUseCaseSchema, type FormSummary, type FormUseCase } from '@kuvert/shared/forms';
import { AppError } from '../../plugins/app-error.ts';
import { parseVersion } from './form-definitions.ts';
import {
  findForm,
  findFormVersion,
  findUseCasesOfForms,
  type FormWithProviderRow,
} from './forms.repository.ts';
import { sortUseCases, toFormSummary } from './forms.presenter.ts';

/** Summaries of form rows, with their use cases read in one query. */
export async function summariesOf(
  app: FastifyInstance,
  rows: FormWithProviderRow[],
): Promise<FormSummary[]> {
  const useCases = new Map<string, FormUseCase[]>();
  for (const row of await findUseCasesOfForms(
    app.db,
    rows.map((form) => form.id),
  )) {
    useCases.set(row.form_id, [...(useCases.get(row.form_id) ?? []), row.use_case]);
  }
  return rows.map((row) => toFormSummary(row, sortUseCases(useCases.get(row.id) ?? [])));
}

/**
 * A published form at one version (the current one unless asked), for filling out: 410 once
 * the provider withdrew it, 404 for a version it never had (`versionPath` names the input).
 */
export async function loadFillableForm(
  app: FastifyInstance,
  formId: string,
  version: number | undefined,
  versionPath = 'querystring.version',
) {
  const form = await findForm(app.db, formId);
  if (!form) throw new AppError('NOT_FOUND');
  if (form.unpublished_at !== null) throw new AppError('FORM_UNPUBLISHED');
  const row = await findFormVersion(app.db, formId, version ?? Number(form.current_version));
  if (!row) {
    throw new AppError('NOT_FOUND', {
      message: 'This form has no such version.',
      details: [{ path: versionPath, message: 'No such version' }],
    });
  }
  return { form, versionRow: row, parsed: parseVersion(row) };
}

export type FillableForm = Awaited<ReturnType<typeof loadFillableForm>>;

/** A version's use cases (a JSON array), those of the fixed list in its order. */
export function useCasesOfVersion(stored: string): FormUseCase[] {
  const parsed: unknown = JSON.parse(stored);
  if (!Array.isArray(parsed)) return [];
  return sortUseCases(
    parsed.flatMap((value) => {
      const useCase = formUseCaseSchema.safeParse(value);
      return useCase.success ? [useCase.data] : [];
    }),
  );
}
