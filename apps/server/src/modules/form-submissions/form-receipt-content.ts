import { answerAt, isFormAnswers, type FormField } from '@kuvert/shared/forms';
import type { FormPdfInput } from '../../plugins/processing/document-processing.ts';
import type { SubmissionRow } from './submission-details.ts';
import type { FilledVersion } from './form-versions.ts';

/**
 * What the PDF of a submission says, in words, in the submitter's language: the fixed words
 * here in English and German, the labels and answers as the provider and the person wrote
 * them. Choices by their labels, ticks as Yes/No, files by their names.
 */

type ReceiptLanguage = 'en' | 'de';

const words = {
  en: {
    locale: 'en-GB',
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
    locale: 'de-DE',
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
} as const;

export function receiptLanguage(language: string): ReceiptLanguage {
  return language === 'de' ? 'de' : 'en';
}

/** 24 November 2026, 14:05 CET: the moment in the stated time zone, named. */
export function formatMoment(iso: string, language: ReceiptLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(words[language].locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  })
    .format(new Date(iso))
    .concat(` (${timeZone})`);
}

function formatNumber(value: number, language: ReceiptLanguage): string {
  return new Intl.NumberFormat(words[language].locale, {
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
  language: ReceiptLanguage,
  filenames: ReadonlyMap<string, string>,
): string {
  if (value === undefined || value === null) return '';
  const items = Array.isArray(value) ? value : [value];
  switch (field.kind) {
    case 'checkbox':
      return value === true ? words[language].yes : words[language].no;
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
  const t = words[language];
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
