import {
  answerAt,
  formSections,
  type AnswerIssue,
  type FormAnswers,
  type FormField,
  type FormSection,
} from '@kuvert/shared/forms';
import type { FieldIssue } from '@kuvert/shared/errors';
import { AppError } from '../../plugins/app-error.ts';
import {
  assertFillableVersion,
  readStoredDefinition,
  type FormVersionRow,
} from '../forms/form-access.service.ts';

/** A stored version as filling it out, checking answers and drawing the PDF read it. */
export interface FilledVersion {
  version: number;
  title: string;
  sections: FormSection[];
  fields: FormField[];
  /** Patterns the linear-time engine refuses (a version from before it): not fillable. */
  refusedPatterns: string[];
}

/**
 * Reads a stored version, as it was published: delivering what was submitted against it
 * needs no pattern. Filling it out does: `fillableVersion`.
 */
export function parseVersion(row: FormVersionRow): FilledVersion {
  const { schema, uiSchema, refusedPatterns } = readStoredDefinition(row);
  const sections = formSections(schema, uiSchema);
  return {
    version: Number(row.version),
    title: row.title,
    sections,
    fields: sections.flatMap((section) => section.fields),
    refusedPatterns,
  };
}

/** A version to fill out: 410 FORM_VERSION_UNSUPPORTED when a pattern of it is refused. */
export function fillableVersion(row: FormVersionRow): FilledVersion {
  const version = parseVersion(row);
  assertFillableVersion(version);
  return version;
}

export const isFileField = (field: FormField) => field.kind === 'file' || field.kind === 'files';

const typeNames: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
};

/** "PDF, PNG": content types in words. */
export function describeFileTypes(types: readonly string[]): string {
  return types.map((type) => typeNames[type] ?? type).join(', ');
}

/** One file the answers name: its field, where in the answers, and its id. */
export interface NamedFile {
  field: FormField;
  /** The answer's path: the field's, or with the item's index for a list of files. */
  path: string;
  id: string;
}

/** Every file id the answers name in file fields, in display order. */
export function filesNamedIn(fields: FormField[], data: FormAnswers): NamedFile[] {
  const named: NamedFile[] = [];
  for (const field of fields.filter(isFileField)) {
    const value = answerAt(data, field.path);
    if (field.kind === 'file') {
      if (typeof value === 'string' && value !== '')
        named.push({ field, path: field.path, id: value });
      continue;
    }
    if (!Array.isArray(value)) continue;
    value.forEach((item, index) => {
      if (typeof item === 'string' && item !== '') {
        named.push({ field, path: `${field.path}.${index}`, id: item });
      }
    });
  }
  return named;
}

/** An answer's issue as the API reports it: under `data`, with its translation key. */
export function toFieldIssue(issue: AnswerIssue): FieldIssue {
  return {
    path: issue.path === '' ? 'data' : `data.${issue.path}`,
    message: issue.message,
    i18n: issue.i18n,
    values: issue.values,
  };
}

/** 422 VALIDATION_FAILED naming every answer that breaks a rule. */
export function answersRefused(issues: AnswerIssue[]): AppError {
  const count = issues.length;
  return new AppError('VALIDATION_FAILED', {
    status: 422,
    message: count === 1 ? 'One answer needs attention.' : `${count} answers need attention.`,
    details: issues.map(toFieldIssue),
  });
}
