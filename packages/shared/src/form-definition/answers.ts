import { FORM_LIMITS } from './definition.ts';
import type { FormField } from './fields.ts';
import { isValidIban } from './iban.ts';
import { matchesPattern } from './pattern.ts';

/**
 * The answers to a form, checked by the same rules in the browser (as the person types) and on
 * the server (against the version they filled out). Answers are a JSON object: a section's
 * fields sit in an object under the section's key. Empty strings and empty lists count as not
 * answered.
 *
 * Values by kind: text-like and choice → string; number and integer → number; checkbox →
 * boolean; multi-choice and list → array; file → the id of a form file; files → ids.
 */
export type FormAnswers = Record<string, unknown>;

export type AnswerRule =
  | 'required'
  | 'mustTick'
  | 'tooShort'
  | 'tooLong'
  | 'pattern'
  | 'email'
  | 'date'
  | 'iban'
  | 'phone'
  | 'choice'
  | 'number'
  | 'integer'
  | 'tooSmall'
  | 'tooLarge'
  | 'tooFewItems'
  | 'tooManyItems'
  | 'duplicateItems'
  | 'file'
  | 'type'
  | 'unknownField'
  | 'tooMuchData';

/**
 * One problem with one answer. `i18n` is the web's translation key (`forms.validation.<rule>`)
 * and `values` its interpolations; `message` is English for API clients.
 */
export interface AnswerIssue {
  /** Dotted path of the field (for a list, of the item: `children.2`). */
  path: string;
  rule: AnswerRule;
  i18n: `forms.validation.${AnswerRule}`;
  values: Record<string, string>;
  message: string;
}

const MESSAGES: Record<AnswerRule, (values: Record<string, string>) => string> = {
  required: () => 'Please fill this in.',
  mustTick: () => 'Please tick this box to go on.',
  tooShort: (v) => `At least ${v.min} characters.`,
  tooLong: (v) => `At most ${v.max} characters.`,
  pattern: () => 'This does not have the expected form.',
  email: () => 'An e-mail address such as name@example.com.',
  date: () => 'A date such as 2026-05-31.',
  iban: () => 'This IBAN is not valid: check the letters and digits.',
  phone: () => 'A phone number such as +49 30 1234567.',
  choice: () => 'Please choose one of the options.',
  number: () => 'A number, such as 12.5.',
  integer: () => 'A whole number, such as 12.',
  tooSmall: (v) => `At least ${v.min}.`,
  tooLarge: (v) => `At most ${v.max}.`,
  tooFewItems: (v) => `At least ${v.min}.`,
  tooManyItems: (v) => `At most ${v.max}.`,
  duplicateItems: () => 'Each entry only once.',
  file: () => 'This file cannot be used here.',
  type: () => 'This answer has the wrong type.',
  unknownField: () => 'This form has no such field.',
  tooMuchData: (v) => `The answers are larger than ${v.max} bytes.`,
};

function issue(path: string, rule: AnswerRule, values: Record<string, string> = {}): AnswerIssue {
  return { path, rule, i18n: `forms.validation.${rule}`, values, message: MESSAGES[rule](values) };
}

/*
 * The built-in formats are checked in time linear in the answer and only up to the length the
 * format can have at all: a longer answer is refused before anything is matched. Anyone may
 * send 10,000 characters to a public form.
 */

/** RFC 5321: a path holds at most 256 octets, so an address at most 254; a local part 64. */
const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;
const PHONE_MAX_LENGTH = 30;
const PHONE = /^\+?[0-9 ()./-]{5,30}$/u;
const WHITESPACE = /\s/u;

/** name@domain.tld: one @, no spaces, and a dot in the domain with two characters after it. */
function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || WHITESPACE.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_MAX_LENGTH || value.indexOf('@', at + 1) !== -1) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot <= domain.length - 3;
}

function isPhoneNumber(value: string): boolean {
  if (value.length > PHONE_MAX_LENGTH + 1 || !PHONE.test(value)) return false;
  return value.replace(/\D/gu, '').length >= 5;
}

function isCalendarDate(value: string): boolean {
  if (value.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/u.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

type Kind = FormField['kind'] | NonNullable<FormField['itemKind']>;

/** A single value (a field, or one item of a list). */
function checkValue(
  field: FormField,
  kind: Kind,
  value: unknown,
  path: string,
  draft: boolean,
): AnswerIssue[] {
  if (kind === 'number' || kind === 'integer') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return [issue(path, 'number')];
    if (kind === 'integer' && !Number.isInteger(value)) return [issue(path, 'integer')];
    if (draft) return [];
    if (field.minimum !== null && value < field.minimum)
      return [issue(path, 'tooSmall', { min: String(field.minimum) })];
    if (field.maximum !== null && value > field.maximum)
      return [issue(path, 'tooLarge', { max: String(field.maximum) })];
    return [];
  }
  if (kind === 'checkbox') return typeof value === 'boolean' ? [] : [issue(path, 'type')];
  if (typeof value !== 'string') return [issue(path, 'type')];
  if (kind === 'file' || kind === 'files') {
    return /^[A-Za-z0-9-]{1,64}$/u.test(value) ? [] : [issue(path, 'file')];
  }
  const max = field.maxLength ?? FORM_LIMITS.maxStringLength;
  if (value.length > max) return [issue(path, 'tooLong', { max: String(max) })];
  if (draft) return [];
  const text = value.trim();
  if (kind === 'choice') {
    return field.options.some((option) => option.value === value) ? [] : [issue(path, 'choice')];
  }
  if (field.minLength !== null && text.length < field.minLength) {
    return [issue(path, 'tooShort', { min: String(field.minLength) })];
  }
  if (kind === 'email' && !isEmailAddress(text)) return [issue(path, 'email')];
  if (kind === 'date' && !isCalendarDate(text)) return [issue(path, 'date')];
  if (kind === 'iban' && !isValidIban(text)) return [issue(path, 'iban')];
  if (kind === 'phone' && !isPhoneNumber(text)) return [issue(path, 'phone')];
  // Linear time (RE2), never the native backtracking engine; not judged before the engine is
  // there (the web loads it on demand; the server has it from the start): see pattern.ts.
  if (field.pattern !== null && matchesPattern(field.pattern, text) === false) {
    return [issue(path, 'pattern')];
  }
  return [];
}

/** One field's answer; `draft` skips what only matters on submit (required, formats, minimums). */
export function checkAnswer(field: FormField, value: unknown, draft = false): AnswerIssue[] {
  if (!isAnswered(value)) {
    if (draft) return [];
    if (field.kind === 'checkbox' && field.mustBeTrue) return [issue(field.path, 'mustTick')];
    return field.required ? [issue(field.path, 'required')] : [];
  }
  if (field.kind === 'checkbox' && field.mustBeTrue && value !== true && !draft) {
    return [issue(field.path, 'mustTick')];
  }
  const isArrayKind =
    field.kind === 'multi-choice' || field.kind === 'list' || field.kind === 'files';
  if (!isArrayKind) return checkValue(field, field.kind, value, field.path, draft);
  if (!Array.isArray(value)) return [issue(field.path, 'type')];
  const max = field.maxItems ?? FORM_LIMITS.maxItems;
  if (value.length > max) return [issue(field.path, 'tooManyItems', { max: String(max) })];
  const itemKind: Kind =
    field.kind === 'multi-choice'
      ? 'choice'
      : field.kind === 'files'
        ? 'files'
        : (field.itemKind ?? 'text');
  const issues = value.flatMap((item, index) =>
    checkValue(field, itemKind, item, `${field.path}.${index}`, draft),
  );
  if (issues.length > 0 || draft) return issues;
  if (field.minItems !== null && value.length < field.minItems) {
    return [issue(field.path, 'tooFewItems', { min: String(field.minItems) })];
  }
  const unique = field.uniqueItems || field.kind === 'multi-choice' || field.kind === 'files';
  if (unique && new Set(value.map((item) => JSON.stringify(item))).size !== value.length) {
    return [issue(field.path, 'duplicateItems')];
  }
  return [];
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A JSON object (not an array, not null): what answers and a section's answers are. */
export function isFormAnswers(value: unknown): value is FormAnswers {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a dotted path out of the answers. */
export function answerAt(data: FormAnswers, path: string): unknown {
  let node: unknown = data;
  for (const key of path.split('.')) {
    if (!isFormAnswers(node)) return undefined;
    node = Object.hasOwn(node, key) ? node[key] : undefined;
  }
  return node;
}

/** A copy of the answers with one field set (or removed when `value` is undefined). */
export function withAnswer(data: FormAnswers, path: string, value: unknown): FormAnswers {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return data;
  const copy: FormAnswers = { ...data };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const inner = copy[head];
  copy[head] = withAnswer(isFormAnswers(inner) ? inner : {}, rest.join('.'), value);
  return copy;
}

/**
 * Every problem with a set of answers, in display order. Keys the form does not have are
 * problems too (`unknownField`): nothing unchecked reaches the provider.
 */
export function checkAnswers(
  fields: FormField[],
  data: unknown,
  options: { draft?: boolean } = {},
): AnswerIssue[] {
  const draft = options.draft ?? false;
  if (!isFormAnswers(data)) return [issue('', 'type')];
  const size = utf8Length(JSON.stringify(data));
  if (size > FORM_LIMITS.maxDataBytes)
    return [issue('', 'tooMuchData', { max: String(FORM_LIMITS.maxDataBytes) })];
  const known = new Set(fields.map((field) => field.path));
  const sections = new Set(
    fields.filter((field) => field.path.includes('.')).map((field) => field.path.split('.')[0]),
  );
  const unknown: AnswerIssue[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (sections.has(key)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        unknown.push(issue(key, 'type'));
      else
        for (const child of Object.keys(value))
          if (!known.has(`${key}.${child}`)) unknown.push(issue(`${key}.${child}`, 'unknownField'));
    } else if (!known.has(key)) unknown.push(issue(key, 'unknownField'));
  }
  return [
    ...fields.flatMap((field) => checkAnswer(field, answerAt(data, field.path), draft)),
    ...unknown,
  ];
}
