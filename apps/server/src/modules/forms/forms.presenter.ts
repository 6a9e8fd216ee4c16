import {
  FORM_USE_CASES,
  type FormProvider,
  type FormSummary,
  type FormUseCase,
} from '@kuvert/shared/forms';
import { toCategory } from '../providers/providers.presenter.ts';
import type { FormWithProviderRow } from './forms.repository.ts';

interface ProviderColumns {
  id: string;
  name: string;
  category: string;
  logo_key: string | null;
  verified_at: string | null;
}

/**
 * A provider as forms show it. The logo is served by GET /api/providers/{id}/logo, which
 * needs a session: the public fill-out page gets no URL (`withLogo` false).
 */
export function toFormProvider(provider: ProviderColumns, withLogo = true): FormProvider {
  return {
    id: provider.id,
    name: provider.name,
    category: toCategory(provider.category),
    verified: provider.verified_at !== null,
    logo_url:
      withLogo && provider.logo_key !== null
        ? `/api/providers/${encodeURIComponent(provider.id)}/logo`
        : null,
  };
}

export function providerOfForm(row: FormWithProviderRow, withLogo = true): FormProvider {
  return toFormProvider(
    {
      id: row.provider_id,
      name: row.provider_name,
      category: row.provider_category,
      logo_key: row.provider_logo_key,
      verified_at: row.provider_verified_at,
    },
    withLogo,
  );
}

/** Use cases in the order of the fixed list. */
export function sortUseCases(useCases: Iterable<FormUseCase>): FormUseCase[] {
  const given = new Set(useCases);
  return FORM_USE_CASES.filter((useCase) => given.has(useCase));
}

export function toFormSummary(row: FormWithProviderRow, useCases: FormUseCase[]): FormSummary {
  return {
    id: row.id,
    provider: providerOfForm(row),
    title: row.title,
    description: row.description,
    use_cases: useCases,
    version: Number(row.current_version),
    public: Number(row.is_public) === 1,
    updated_at: row.updated_at,
    unpublished_at: row.unpublished_at,
  };
}
