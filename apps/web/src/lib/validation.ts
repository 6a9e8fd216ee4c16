import type { TFunction, TranslationKey } from './i18n.ts';
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
    case 'custom': {
      const { i18n, ...values } = issue.params ?? {};
      return isRuleMessageKey(i18n) ? t(i18n, values) : t('validation.invalid');
    }
    default:
      return t('validation.invalid');
  }
}

/**
 * Field problems the server found (VALIDATION_FAILED). Its messages are English for API
 * clients, so the field gets the rule's own translated message where the server named one
 * (`i18n`), else our generic hint.
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
    errors[field] ??= isRuleMessageKey(issue.i18n)
      ? t(issue.i18n, issue.values ?? {})
      : t('validation.invalid');
  }
  return pickFields(errors, fields);
}

/** Rules with their own message (`params.i18n` in the shared schemas, `i18n` from the server). */
const ruleMessageKeys: ReadonlySet<string> = new Set<TranslationKey>([
  'validation.postcode',
  'validation.addressTooWide',
  'validation.nameOrOrganisation',
  'validation.requiredForPostal',
  'validation.unknownCountry',
]);

export function isRuleMessageKey(value: unknown): value is TranslationKey {
  return typeof value === 'string' && ruleMessageKeys.has(value);
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

/** After React has marked the fields (next frame): the form's first problem gets the focus. */
export function focusFirstProblem(form: HTMLElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
