import type { FastifyInstance } from 'fastify';
import { formUseCaseSchema, type FormSummary, type FormUseCase } from '@kuvert/shared/forms';
import { findUseCasesOfForms, type FormWithProviderRow } from './forms.repository.ts';
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
