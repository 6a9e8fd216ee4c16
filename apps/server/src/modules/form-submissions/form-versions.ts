import {
  answerAt,
  checkFormDefinition,
  formSections,
  type AnswerIssue,
  type FormAnswers,
  type FormField,
  type FormSchema,
  type FormSection,
  type FormUiSchema,
} from '@kuvert/shared/forms';
import type { FieldIssue } from '@kuvert/shared/errors';
import { AppError } from '../../plugins/app-error.ts';
import type { FormVersionRow } from '../forms/form-access.service.ts';

/** A stored version as filling it out, checking answers and drawing the PDF read it. */
export interface FilledVersion {
  version: number;
  title: string;
  sections: FormSection[];
  fields: FormField[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a stored version. Every version passed `checkFormDefinition` when it was published;
 * one that no longer does is our fault, not the caller's, and fails loudly.
 */
export function parseVersion(row: FormVersionRow): FilledVersion {
  const schema: unknown = JSON.parse(row.schema);
  const uiSchema: unknown = JSON.parse(row.ui_schema);
  if (!isRecord(schema) || !isRecord(uiSchema) || checkFormDefinition(schema, uiSchema).length) {
    throw new Error(`form ${row.form_id} version ${row.version}: stored definition is invalid`);
  }
  // Checked just above: the definition is one of the subset.
  const sections = formSections(schema as unknown as FormSchema, uiSchema as FormUiSchema);
  return {
    version: Number(row.version),
    title: row.title,
    sections,
    fields: sections.flatMap((section) => section.fields),
  };
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
