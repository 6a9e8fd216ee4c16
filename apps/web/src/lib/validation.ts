import type { TFunction } from './i18n.ts';
import type { core } from 'zod';
import { ApiError } from './http.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

interface SafeParser {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: core.$ZodIssue[] } };
}

/** zod's issues as translated messages, keyed by the top-level field. */
export function validateFields<Field extends string>(
  t: TFunction,
  schema: SafeParser,
  values: Record<Field, unknown>,
): FieldErrors<Field> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= translateIssue(t, issue);
  }
  return pickFields(errors, Object.keys(values));
}

export function translateIssue(t: TFunction, issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? t('validation.required')
        : t('validation.tooShort', { min: Number(issue.minimum) });
    case 'too_big':
      return t('validation.tooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.email') : t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}

/**
 * Field problems the server found (VALIDATION_FAILED). Its messages are English for API
 * clients, so the field only gets our generic translated hint.
 */
export function serverFieldErrors<Field extends string>(
  t: TFunction,
  error: unknown,
  fields: readonly Field[],
): FieldErrors<Field> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return {};
  const errors: Record<string, string> = {};
  for (const issue of error.fieldIssues) {
    const field = issue.path.split('.')[0] ?? '';
    errors[field] ??= t('validation.invalid');
  }
  return pickFields(errors, fields);
}

function pickFields<Field extends string>(
  errors: Record<string, string>,
  fields: readonly string[],
): FieldErrors<Field> {
  const picked: FieldErrors<Field> = {};
  for (const field of fields) {
    const message = errors[field];
    if (message !== undefined && isField<Field>(field, fields)) picked[field] = message;
  }
  return picked;
}

function isField<Field extends string>(value: string, fields: readonly string[]): value is Field {
  return fields.includes(value);
}
