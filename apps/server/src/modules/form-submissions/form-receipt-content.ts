import { languageSchema, type Language } from '@kuvert/shared/auth';
import { answerAt, isFormAnswers, type FormField } from '@kuvert/shared/forms';
import { localeOf } from '../../lib/locale.ts';
import type { FormPdfInput } from '../../plugins/processing/document-processing.ts';
import type { SubmissionRow } from './submission-details.ts';
import type { FilledVersion } from './form-versions.ts';

/**
 * What the PDF of a submission says, in words, in the submitter's language: the fixed words
 * here in every language, the labels and answers as the provider and the person wrote them.
 * Choices by their labels, ticks as Yes/No, files by their names.
 */

interface ReceiptWords {
  heading: string;
  provider: string;
  submittedAt: string;
  reference: string;
  submittedBy: string;
  version: string;
  yes: string;
  no: string;
  page: string;
}

/** The receipt's fixed words (exported for the test that none is left in English). */
export const receiptWords: Record<Language, ReceiptWords> = {
  en: {
    heading: 'Form submission',
    provider: 'Provider',
    submittedAt: 'Submitted at',
    reference: 'Reference',
    submittedBy: 'Submitted by',
    version: 'Form version',
    yes: 'Yes',
    no: 'No',
    page: 'Page {page} of {pages}',
  },
  de: {
    heading: 'Formular-Einreichung',
    provider: 'Anbieter',
    submittedAt: 'Eingereicht am',
    reference: 'Referenz',
    submittedBy: 'Eingereicht von',
    version: 'Formularversion',
    yes: 'Ja',
    no: 'Nein',
    page: 'Seite {page} von {pages}',
  },
  sv: {
    heading: 'Inskickat formulär',
    provider: 'Avsändare',
    submittedAt: 'Inskickat',
    reference: 'Referens',
    submittedBy: 'Inskickat av',
    version: 'Formulärversion',
    yes: 'Ja',
    no: 'Nej',
    page: 'Sida {page} av {pages}',
  },
  da: {
    heading: 'Indsendt formular',
    provider: 'Afsender',
    submittedAt: 'Indsendt',
    reference: 'Reference',
    submittedBy: 'Indsendt af',
    version: 'Formularversion',
    yes: 'Ja',
    no: 'Nej',
    page: 'Side {page} af {pages}',
  },
  nb: {
    heading: 'Innsendt skjema',
    provider: 'Avsender',
    submittedAt: 'Sendt inn',
    reference: 'Referanse',
    submittedBy: 'Sendt inn av',
    version: 'Skjemaversjon',
    yes: 'Ja',
    no: 'Nei',
    page: 'Side {page} av {pages}',
  },
};

/** The submitter's language as stored; a value Kuvert no longer knows reads as English. */
export function receiptLanguage(language: string): Language {
  return languageSchema.catch('en').parse(language);
}

/** 24 November 2026, 14:05 CET: the moment in the stated time zone, named. */
export function formatMoment(iso: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  })
    .format(new Date(iso))
    .concat(` (${timeZone})`);
}

function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    maximumFractionDigits: 20,
    useGrouping: false,
  }).format(value);
}

function optionLabel(field: FormField, value: unknown): string {
  const text = String(value);
  return field.options.find((option) => option.value === text)?.label ?? text;
}

/** One answer in words; empty when not answered. */
export function answerInWords(
  field: FormField,
  value: unknown,
  language: Language,
  filenames: ReadonlyMap<string, string>,
): string {
  if (value === undefined || value === null) return '';
  const items = Array.isArray(value) ? value : [value];
  switch (field.kind) {
    case 'checkbox':
      return value === true ? receiptWords[language].yes : receiptWords[language].no;
    case 'choice':
      return optionLabel(field, value);
    case 'multi-choice':
      return items.map((item) => optionLabel(field, item)).join('\n');
    case 'file':
    case 'files':
      return items.map((item) => filenames.get(String(item)) ?? String(item)).join('\n');
    case 'number':
    case 'integer':
      return typeof value === 'number' ? formatNumber(value, language) : String(value);
    case 'list':
      return items
        .map((item) => (typeof item === 'number' ? formatNumber(item, language) : String(item)))
        .join('\n');
    default:
      return String(value);
  }
}

export function receiptPdfInput(
  submission: SubmissionRow,
  version: FilledVersion,
  filenames: ReadonlyMap<string, string>,
  timeZone: string,
): Omit<FormPdfInput, 'limits'> {
  const language = receiptLanguage(submission.language);
  const t = receiptWords[language];
  const stored: unknown = JSON.parse(submission.data);
  // Stored only after checkAnswers, which takes nothing but an object.
  const data = isFormAnswers(stored) ? stored : {};
  const submitter = [submission.submitter_name, submission.submitter_email]
    .filter((part): part is string => part !== null && part !== '')
    .join(', ');
  return {
    heading: t.heading,
    title: version.title,
    facts: [
      { label: t.provider, value: submission.provider_name },
      { label: t.submittedAt, value: formatMoment(submission.created_at, language, timeZone) },
      { label: t.reference, value: submission.reference },
      ...(submitter === '' ? [] : [{ label: t.submittedBy, value: submitter }]),
      { label: t.version, value: String(version.version) },
    ],
    sections: version.sections.map((section) => ({
      title: section.title,
      fields: section.fields.map((field) => ({
        label: field.label,
        answer: answerInWords(field, answerAt(data, field.path), language, filenames),
      })),
    })),
    footer: `${submission.reference} · ${version.title}`,
    pageLabel: t.page,
    language,
    createdAt: submission.created_at,
  };
}
