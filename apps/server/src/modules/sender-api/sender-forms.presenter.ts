import { FORM_USE_CASES, type FormUseCase, type SenderForm } from '@kuvert/shared/forms';
import type { FormVersionRow } from '../forms/form-access.service.ts';
import type { FormRow } from '../forms/provider-forms.service.ts';
import type { VersionCountRow } from './sender-form-versions.ts';

type CurrentVersion = Pick<FormVersionRow, 'use_cases'> &
  Partial<Pick<FormVersionRow, 'schema' | 'ui_schema'>>;

const useCases: ReadonlySet<string> = new Set(FORM_USE_CASES);

function isFormUseCase(value: unknown): value is FormUseCase {
  return typeof value === 'string' && useCases.has(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object column read back; anything else (never written by us) reads as {}. */
export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/** The use cases a version was published with, in their order. */
export function parseUseCases(text: string): FormUseCase[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isFormUseCase) : [];
  } catch {
    return [];
  }
}

/**
 * A provider's form: the catalogue fields of its current version and every version with its
 * submission count; the current schema and UI schema when `current` has them (GET /forms/{id}).
 */
export function toSenderForm(
  row: FormRow,
  current: CurrentVersion,
  versions: readonly VersionCountRow[],
): SenderForm {
  const own = versions.filter((version) => version.form_id === row.id);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    use_cases: parseUseCases(current.use_cases),
    public: row.is_public === 1,
    current_version: row.current_version,
    unpublished_at: row.unpublished_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    submission_count: own.reduce((sum, version) => sum + version.submission_count, 0),
    versions: own.map((version) => ({
      version: version.version,
      created_at: version.created_at,
      submission_count: version.submission_count,
    })),
    ...(current.schema === undefined ? {} : { schema: parseJsonObject(current.schema) }),
    ...(current.ui_schema === undefined ? {} : { ui_schema: parseJsonObject(current.ui_schema) }),
  };
}
