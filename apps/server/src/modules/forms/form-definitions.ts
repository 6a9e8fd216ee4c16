import type { FieldIssue } from '@kuvert/shared/errors';
import {
  answerAt,
  checkAnswer,
  checkAnswers,
  checkFormDefinition,
  formFields,
  isPatternRefusal,
  withAnswer,
  type AnswerIssue,
  type DefinitionProblem,
  type FormAnswers,
  type FormField,
  type FormSchema,
  type FormUiSchema,
  type PrefillKey,
} from '@kuvert/shared/forms';
import { AppError } from '../../plugins/app-error.ts';
import type { UserRow } from '../users/users.service.ts';
import type { FormVersionRow } from './forms.repository.ts';

/** A stored version as the API sends it and as the rules for answers read it. */
export interface ParsedVersion {
  version: number;
  /** The definition as published, for the response. */
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  fields: FormField[];
  /**
   * JSON Pointers of the `pattern`s the linear-time engine refuses: a version published before
   * patterns ran on it. It is read as it was (drafts list it, its submissions are delivered),
   * but not filled out: `assertFillableVersion`.
   */
  refusedPatterns: string[];
}

/** A stored definition, checked as it is read. */
export interface StoredDefinition {
  schema: FormSchema & Record<string, unknown>;
  uiSchema: FormUiSchema & Record<string, unknown>;
  refusedPatterns: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sound but for patterns the linear engine refuses: what the definition check said. */
function isSoundBesidesPatterns(
  definition: { schema: Record<string, unknown>; uiSchema: Record<string, unknown> },
  problems: DefinitionProblem[],
): definition is Omit<StoredDefinition, 'refusedPatterns'> {
  return problems.every((problem) => isPatternRefusal(problem));
}

/**
 * Reads a stored definition. Every version passed `checkFormDefinition` when it was published;
 * one that no longer does for another reason than a pattern is our fault, not the caller's,
 * and fails loudly.
 */
export function readStoredDefinition(row: FormVersionRow): StoredDefinition {
  const schema: unknown = JSON.parse(row.schema);
  const uiSchema: unknown = JSON.parse(row.ui_schema);
  if (isRecord(schema) && isRecord(uiSchema)) {
    const definition = { schema, uiSchema };
    const problems = checkFormDefinition(schema, uiSchema);
    if (isSoundBesidesPatterns(definition, problems)) {
      return { ...definition, refusedPatterns: problems.map((problem) => problem.path) };
    }
  }
  throw new Error(`form ${row.form_id} version ${row.version}: stored definition is invalid`);
}

/** Reads a stored version for the API and the rules; see ParsedVersion.refusedPatterns. */
export function parseVersion(row: FormVersionRow): ParsedVersion {
  const { schema, uiSchema, refusedPatterns } = readStoredDefinition(row);
  return {
    version: Number(row.version),
    schema,
    uiSchema,
    fields: formFields(schema, uiSchema),
    refusedPatterns,
  };
}

/**
 * 410 FORM_VERSION_UNSUPPORTED for a version with a pattern the linear engine refuses: nobody
 * may fill it out (read it, save a draft of it, send files for it, submit it). The provider
 * publishes the form again to fix it; other versions are not affected.
 */
export function assertFillableVersion(version: { refusedPatterns: string[] }): void {
  if (version.refusedPatterns.length === 0) return;
  throw new AppError('FORM_VERSION_UNSUPPORTED', {
    details: version.refusedPatterns.map((path) => ({
      path,
      message: 'a pattern the linear-time engine does not run',
    })),
  });
}

type Profile = Pick<
  UserRow,
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'address_street'
  | 'address_postcode'
  | 'address_city'
  | 'address_country'
>;

function profileValue(profile: Profile, key: PrefillKey): string | null {
  switch (key) {
    case 'profile.first_name':
      return profile.first_name;
    case 'profile.last_name':
      return profile.last_name;
    case 'profile.full_name':
      return `${profile.first_name} ${profile.last_name}`;
    case 'profile.email':
      return profile.email;
    case 'profile.address.street':
      return profile.address_street;
    case 'profile.address.postcode':
      return profile.address_postcode;
    case 'profile.address.city':
      return profile.address_city;
    case 'profile.address.country':
      return profile.address_country;
  }
}

/** Answers from the profile by field path, for each field that asks for one the profile has. */
export function prefillFrom(fields: FormField[], profile: Profile): Record<string, string> {
  const prefill: Record<string, string> = {};
  for (const field of fields) {
    if (field.prefill === null) continue;
    const value = profileValue(profile, field.prefill)?.trim() ?? '';
    if (value !== '') prefill[field.path] = value;
  }
  return prefill;
}

/** Empty strings and lists count as not answered, as in the shared rules. */
function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function countAnswered(fields: FormField[], data: FormAnswers): number {
  return fields.filter((field) => isAnswered(answerAt(data, field.path))).length;
}

/**
 * The answers another version still takes: each of its fields keeps the answer at the same
 * path when that answer passes the draft rules there; anything else is left behind.
 */
export function answersThatFit(fields: FormField[], data: FormAnswers): FormAnswers {
  let kept: FormAnswers = {};
  for (const field of fields) {
    const value = answerAt(data, field.path);
    if (isAnswered(value) && checkAnswer(field, value, true).length === 0) {
      kept = withAnswer(kept, field.path, value);
    }
  }
  return kept;
}

/** The form-file ids the answers name in file fields. */
export function fileIdsIn(fields: FormField[], data: FormAnswers): string[] {
  const ids = new Set<string>();
  for (const field of fields) {
    if (field.kind !== 'file' && field.kind !== 'files') continue;
    const value = answerAt(data, field.path);
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && item !== '') ids.add(item);
    }
  }
  return [...ids];
}

/** An answer's problem as the API names it: under `data`, with the shared translation key. */
export function toFieldIssue(issue: AnswerIssue): FieldIssue {
  return {
    path: issue.path === '' ? 'data' : `data.${issue.path}`,
    message: issue.message,
    i18n: issue.i18n,
    values: issue.values,
  };
}

/**
 * Throws 422 VALIDATION_FAILED naming every answer that breaks a rule of the version; a draft
 * (`draft: true`) skips what only matters on submit (required, formats, minimums).
 */
export function assertAnswers(
  fields: FormField[],
  data: FormAnswers,
  options: { draft: boolean },
): void {
  const issues = checkAnswers(fields, data, options);
  if (issues.length === 0) return;
  throw new AppError('VALIDATION_FAILED', {
    status: 422,
    message: 'Some answers do not fit the form.',
    details: issues.map(toFieldIssue),
  });
}
