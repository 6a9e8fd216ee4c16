import {
  answerAt,
  checkAnswer,
  checkFormDefinition,
  formSections,
  normaliseIban,
  withAnswer,
} from '@kuvert/shared/form-definition';
import type {
  AnswerIssue,
  FormAnswers,
  FormField,
  FormSchema,
  FormSection,
  FormUiSchema,
} from '@kuvert/shared/form-definition';

/**
 * What the fill-out pages do with a form and its answers, without React: the field model of a
 * definition, which problems to show, what a draft may keep, what is sent. The rules are the
 * shared ones (`checkAnswer`), so the browser says what the server would.
 */

export interface FillableForm {
  sections: FormSection[];
  fields: FormField[];
}

function isFormSchema(schema: unknown, uiSchema: unknown): schema is FormSchema {
  return checkFormDefinition(schema, uiSchema).length === 0;
}

function isUiSchema(uiSchema: unknown): uiSchema is FormUiSchema {
  return typeof uiSchema === 'object' && uiSchema !== null && !Array.isArray(uiSchema);
}

/**
 * The sections and fields of a definition; null when it is not one Kuvert understands (the
 * server only keeps checked ones, so this is a guard, not a path anyone should meet).
 */
export function fillableForm(schema: unknown, uiSchema: unknown): FillableForm | null {
  const ui = isUiSchema(uiSchema) ? uiSchema : {};
  if (!isFormSchema(schema, ui)) return null;
  const sections = formSections(schema, ui);
  return { sections, fields: sections.flatMap((section) => section.fields) };
}

/** The id of a field's (first) control, for labels, the error summary and focus. */
export function fieldId(path: string): string {
  return `form-field-${path.replaceAll('.', '-')}`;
}

/** The field a problem belongs to: its own path, or an item of it (`children.2`). */
export function fieldOfIssue(fields: readonly FormField[], issuePath: string): FormField | null {
  return (
    fields.find((field) => field.path === issuePath || issuePath.startsWith(`${field.path}.`)) ??
    null
  );
}

/** Every problem of the answers, the first one per path. */
export function issuesByPath(
  fields: readonly FormField[],
  answers: FormAnswers,
): Map<string, AnswerIssue> {
  const found = new Map<string, AnswerIssue>();
  for (const field of fields) {
    for (const issue of checkAnswer(field, answerAt(answers, field.path))) {
      if (!found.has(issue.path)) found.set(issue.path, issue);
    }
  }
  return found;
}

/** The problems of the answers, only of the fields that are shown as checked. */
export function visibleIssues(
  issues: ReadonlyMap<string, AnswerIssue>,
  checkedPaths: ReadonlySet<string>,
  isCheckingAll: boolean,
): Map<string, AnswerIssue> {
  if (isCheckingAll) return new Map(issues);
  const shown = new Map<string, AnswerIssue>();
  for (const [path, issue] of issues) {
    const fieldPath = [...checkedPaths].find(
      (checked) => path === checked || path.startsWith(`${checked}.`),
    );
    if (fieldPath !== undefined) shown.set(path, issue);
  }
  return shown;
}

/**
 * Problems the server named (VALIDATION_FAILED details: `data.<path>`, with the shared rule's
 * `i18n` and `values`), as issues of the answers.
 */
export function serverIssues(details: readonly ServerFieldIssue[]): Map<string, AnswerIssue> {
  const found = new Map<string, AnswerIssue>();
  for (const detail of details) {
    if (!detail.path.startsWith('data.')) continue;
    const path = detail.path.slice('data.'.length);
    const rule = detail.i18n?.startsWith('forms.validation.')
      ? detail.i18n.slice('forms.validation.'.length)
      : null;
    if (rule === null || !isAnswerRule(rule) || found.has(path)) continue;
    found.set(path, {
      path,
      rule,
      i18n: `forms.validation.${rule}`,
      values: detail.values ?? {},
      message: detail.message,
    });
  }
  return found;
}

export interface ServerFieldIssue {
  path: string;
  message: string;
  i18n?: string;
  values?: Record<string, string>;
}

/** Every rule, once (a Record: a rule added to the shared list must be added here). */
const ANSWER_RULES: Record<AnswerIssue['rule'], true> = {
  required: true,
  mustTick: true,
  tooShort: true,
  tooLong: true,
  pattern: true,
  email: true,
  date: true,
  iban: true,
  phone: true,
  choice: true,
  number: true,
  integer: true,
  tooSmall: true,
  tooLarge: true,
  tooFewItems: true,
  tooManyItems: true,
  duplicateItems: true,
  file: true,
  type: true,
  unknownField: true,
  tooMuchData: true,
};

function isAnswerRule(rule: string): rule is AnswerIssue['rule'] {
  return Object.hasOwn(ANSWER_RULES, rule);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A new form's answers: what the profile knows (`prefill`, by field path). */
export function prefilledAnswers(
  fields: readonly FormField[],
  prefill: Readonly<Record<string, string>>,
): FormAnswers {
  let answers: FormAnswers = {};
  for (const field of fields) {
    const value = prefill[field.path];
    if (value !== undefined && value !== '') answers = withAnswer(answers, field.path, value);
  }
  return answers;
}

/**
 * What is sent: only the fields of the form, without empty answers (an optional field left
 * empty is not answered, not an empty string).
 */
export function answersToSend(fields: readonly FormField[], answers: FormAnswers): FormAnswers {
  let sent: FormAnswers = {};
  for (const field of fields) {
    const value = answerAt(answers, field.path);
    if (!isEmpty(value)) sent = withAnswer(sent, field.path, value);
  }
  return sent;
}

/**
 * What a draft keeps: the answers a draft may hold (right type, not too long), so a half-typed
 * number or an over-long text never makes a save fail. An item of a list that is not right yet
 * is left out, the rest of the list kept.
 */
export function answersForDraft(fields: readonly FormField[], answers: FormAnswers): FormAnswers {
  let kept: FormAnswers = {};
  for (const field of fields) {
    const value = answerAt(answers, field.path);
    if (isEmpty(value)) continue;
    const issues = checkAnswer(field, value, true);
    if (issues.length === 0) {
      kept = withAnswer(kept, field.path, value);
      continue;
    }
    if (!Array.isArray(value)) continue;
    const bad = new Set(issues.map((issue) => issue.path));
    const items = value.filter((_, index) => !bad.has(`${field.path}.${index}`));
    if (items.length > 0 && checkAnswer(field, items, true).length === 0) {
      kept = withAnswer(kept, field.path, items);
    }
  }
  return kept;
}

/**
 * Answers saved for another version (or by an older page): the ones this version still has a
 * field for and that still fit it as a draft.
 */
export function answersThatFit(fields: readonly FormField[], answers: unknown): FormAnswers {
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return {};
  return answersForDraft(fields, Object.fromEntries(Object.entries(answers)));
}

/** How many fields have an answer. */
export function answeredCount(fields: readonly FormField[], answers: FormAnswers): number {
  return fields.filter((field) => !isEmpty(answerAt(answers, field.path))).length;
}

/** The file ids the answers name, in field order. */
export function fileIdsOf(fields: readonly FormField[], answers: FormAnswers): string[] {
  return fields.flatMap((field) => {
    const value = answerAt(answers, field.path);
    if (field.kind === 'file') return typeof value === 'string' && value !== '' ? [value] : [];
    if (field.kind !== 'files' || !Array.isArray(value)) return [];
    return value.filter((item): item is string => typeof item === 'string');
  });
}

/** The answers without any file (files belong to one mailbox or one upload token). */
export function withoutFiles(fields: readonly FormField[], answers: FormAnswers): FormAnswers {
  let kept = answers;
  for (const field of fields) {
    if (field.kind === 'file' || field.kind === 'files') {
      kept = withAnswer(kept, field.path, undefined);
    }
  }
  return kept;
}

/** An IBAN as people read it: capitals in groups of four. */
export function groupIban(iban: string): string {
  return (
    normaliseIban(iban)
      .match(/.{1,4}/gu)
      ?.join(' ') ?? ''
  );
}

/**
 * Where the caret belongs in `formatted` so that as many non-space characters precede it as
 * preceded it in what was typed (reformatting must not throw the caret to the end).
 */
export function caretAfterFormatting(typed: string, caret: number, formatted: string): number {
  const before = typed.slice(0, caret).replace(/\s+/gu, '').length;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (seen === before) return index;
    if (formatted[index] !== ' ') seen += 1;
  }
  return formatted.length;
}

/**
 * A typed number as the answer: a number when it reads as one (a decimal comma too), else
 * the text itself, which the rules then call not a number; nothing when empty.
 */
export function numberAnswerOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/u.test(trimmed)) return trimmed;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : trimmed;
}

/** The text a number answer shows. */
export function numberTextOf(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : '';
}
