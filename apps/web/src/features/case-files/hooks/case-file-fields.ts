import { z } from 'zod';
import {
  caseFileColorSchema,
  caseFileDescriptionSchema,
  caseFileTitleSchema,
} from '@kuvert/shared/case-files';
import type { CaseFile, CaseFileColor } from '@kuvert/shared/case-files';
import type { TFunction } from '../../../lib/i18n.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';

export const caseFileFields = ['title', 'description', 'color'] as const;
export type CaseFileField = (typeof caseFileFields)[number];
export type CaseFileErrors = FieldErrors<CaseFileField>;

/** What the file's form holds, as typed. */
export interface CaseFileFormValues {
  title: string;
  description: string;
  color: CaseFileColor;
}

export const emptyCaseFileForm: CaseFileFormValues = { title: '', description: '', color: 'blue' };

export function caseFileFormValuesOf(file: CaseFile): CaseFileFormValues {
  return { title: file.title, description: file.description, color: file.color };
}

const caseFileFormSchema = z.object({
  title: caseFileTitleSchema,
  description: caseFileDescriptionSchema,
  color: caseFileColorSchema,
});

/** The problems of each field, translated; none when the file can be saved. */
export function validateCaseFile(t: TFunction, values: CaseFileFormValues): CaseFileErrors {
  return validateFields(t, caseFileFormSchema, { ...values });
}

/** Field problems the server found, on their fields. */
export function serverCaseFileErrors(t: TFunction, error: unknown): CaseFileErrors {
  return serverFieldErrors(t, error, caseFileFields);
}

/** What is sent: the text as the server keeps it (trimmed). */
export function caseFileRequestOf(values: CaseFileFormValues): CaseFileFormValues {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    color: values.color,
  };
}
