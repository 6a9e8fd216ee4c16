/**
 * The form definition a provider publishes (DESIGN §8 "Forms"): a JSON Schema 2020-12 subset
 * plus a UI schema. `checkFormDefinition` is the one gate: anything it does not name as a
 * problem is something the renderer, the validator and the PDF understand.
 *
 * No zod here: the public fill-out page loads this module and has its own budget (DESIGN §7).
 */

import { patternRefusal, type PatternRefusal } from './pattern.ts';

export const FORM_USE_CASES = [
  'moving_house',
  'insurance_claim',
  'tax',
  'health',
  'work',
  'housing',
  'utilities',
  'banking',
  'family',
  'other',
] as const;
export type FormUseCase = (typeof FORM_USE_CASES)[number];

export const STRING_FORMATS = ['email', 'date', 'iban', 'phone', 'file'] as const;
export type StringFormat = (typeof STRING_FORMATS)[number];

export const PREFILL_KEYS = [
  'profile.first_name',
  'profile.last_name',
  'profile.full_name',
  'profile.email',
  'profile.address.street',
  'profile.address.postcode',
  'profile.address.city',
  'profile.address.country',
] as const;
export type PrefillKey = (typeof PREFILL_KEYS)[number];

/** What a file field may take when it names nothing else (`x-kuvert-accept`). */
export const FORM_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const FORM_LIMITS = {
  /** Fields in all sections together. */
  maxFields: 200,
  /** The definition and UI schema as JSON, each. */
  maxDefinitionBytes: 256 * 1024,
  maxTitleLength: 200,
  maxDescriptionLength: 2_000,
  maxEnumValues: 200,
  maxPatternLength: 200,
  /** A string answer's length when the field sets no `maxLength`, and the most it may set. */
  maxStringLength: 10_000,
  /** Items of an array answer when the field sets no `maxItems`, and the most it may set. */
  maxItems: 50,
  /** The answers as JSON. */
  maxDataBytes: 256 * 1024,
  /** One attached file, and all files of one submission. */
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10,
} as const;

export const FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/u;

interface Described {
  title?: string;
  description?: string;
}

export interface StringFieldSchema extends Described {
  type: 'string';
  format?: StringFormat;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  'x-kuvert-prefill'?: PrefillKey;
  /** format `file` only: the content types it takes (a subset of FORM_FILE_TYPES). */
  'x-kuvert-accept'?: string[];
}

export interface NumberFieldSchema extends Described {
  type: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
}

export interface BooleanFieldSchema extends Described {
  type: 'boolean';
  /** `true`: must be ticked to submit (a consent). */
  const?: true;
}

export type ItemSchema = StringFieldSchema | NumberFieldSchema;

export interface ArrayFieldSchema extends Described {
  type: 'array';
  items: ItemSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

export type FieldSchema =
  StringFieldSchema | NumberFieldSchema | BooleanFieldSchema | ArrayFieldSchema;

/** A section: one level of nesting, fields only. */
export interface SectionSchema extends Described {
  type: 'object';
  properties: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties?: false;
}

export interface FormSchema extends Described {
  $schema?: string;
  type: 'object';
  properties: Record<string, FieldSchema | SectionSchema>;
  required?: string[];
  additionalProperties?: false;
}

export const UI_WIDGETS = [
  'text',
  'textarea',
  'select',
  'radio',
  'checkboxes',
  'checkbox',
] as const;
export type UiWidget = (typeof UI_WIDGETS)[number];

/**
 * What the UI schema may say about one field. A type, not an interface: a section's options
 * (UiSectionOptions, with an index signature) may then be read from either.
 */
export type UiFieldOptions = {
  'ui:title'?: string;
  'ui:help'?: string;
  'ui:placeholder'?: string;
  'ui:widget'?: UiWidget;
  /** Labels of the `enum` values, in their order. */
  'ui:enumNames'?: string[];
};

/** Per section: its fields' options and `ui:order`. */
export type UiSectionOptions = Omit<
  UiFieldOptions,
  'ui:widget' | 'ui:enumNames' | 'ui:placeholder'
> & {
  'ui:order'?: string[];
} & { [key: string]: UiFieldOptions | string | string[] | undefined };

export type FormUiSchema = { 'ui:order'?: string[] } & {
  [key: string]: UiFieldOptions | UiSectionOptions | string[] | undefined;
};

/** One problem of a definition: a JSON Pointer into what was sent, and what is wrong there. */
export interface DefinitionProblem {
  path: string;
  message: string;
}

const DESCRIBED_KEYS = ['type', 'title', 'description'];
const ALLOWED_KEYS: Record<string, readonly string[]> = {
  string: [
    ...DESCRIBED_KEYS,
    'format',
    'enum',
    'minLength',
    'maxLength',
    'pattern',
    'x-kuvert-prefill',
    'x-kuvert-accept',
  ],
  number: [...DESCRIBED_KEYS, 'minimum', 'maximum'],
  integer: [...DESCRIBED_KEYS, 'minimum', 'maximum'],
  boolean: [...DESCRIBED_KEYS, 'const'],
  array: [...DESCRIBED_KEYS, 'items', 'minItems', 'maxItems', 'uniqueItems'],
  object: [...DESCRIBED_KEYS, 'properties', 'required', 'additionalProperties'],
};
const ROOT_KEYS = [...(ALLOWED_KEYS.object ?? []), '$schema'];
const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const UI_FIELD_KEYS = ['ui:title', 'ui:help', 'ui:placeholder', 'ui:widget', 'ui:enumNames'];
const UI_SECTION_KEYS = ['ui:title', 'ui:help', 'ui:order'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `value` is one of `values` (a list such as STRING_FORMATS), narrowed to its type. */
function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return values.some((one) => one === value);
}

function pointer(parent: string, key: string | number): string {
  return `${parent}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** Every problem of a definition and its UI schema, or none. */
export function checkFormDefinition(schema: unknown, uiSchema: unknown = {}): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const problem = (path: string, message: string) => {
    if (problems.length < 100) problems.push({ path, message });
  };
  if (!isRecord(schema)) {
    problem('', 'the schema must be a JSON object');
    return problems;
  }
  if (JSON.stringify(schema).length > FORM_LIMITS.maxDefinitionBytes) {
    problem('', `the schema is larger than ${FORM_LIMITS.maxDefinitionBytes} bytes`);
    return problems;
  }
  if (schema.$schema !== undefined && schema.$schema !== JSON_SCHEMA_2020_12) {
    problem('/$schema', `only ${JSON_SCHEMA_2020_12} is supported`);
  }
  let fieldCount = 0;
  const countField = () => {
    fieldCount += 1;
    return fieldCount;
  };
  checkObject(schema, '', true, problem, countField);
  if (fieldCount === 0) problem('/properties', 'a form needs at least one field');
  if (fieldCount > FORM_LIMITS.maxFields) {
    problem('/properties', `at most ${FORM_LIMITS.maxFields} fields, found ${fieldCount}`);
  }
  checkUiSchema(schema, uiSchema, problem);
  return problems;
}

type Report = (path: string, message: string) => void;

function checkUnknownKeys(
  node: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
  problem: Report,
) {
  for (const key of Object.keys(node)) {
    if (!allowed.includes(key)) problem(pointer(path, key), `unsupported keyword "${key}"`);
  }
}

function checkText(node: Record<string, unknown>, path: string, problem: Report) {
  for (const [key, max] of [
    ['title', FORM_LIMITS.maxTitleLength],
    ['description', FORM_LIMITS.maxDescriptionLength],
  ] as const) {
    const value = node[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') problem(pointer(path, key), 'must be a string');
    else if (value.length > max) problem(pointer(path, key), `at most ${max} characters`);
  }
}

function checkObject(
  node: Record<string, unknown>,
  path: string,
  isRoot: boolean,
  problem: Report,
  countField: () => number,
) {
  checkUnknownKeys(node, isRoot ? ROOT_KEYS : (ALLOWED_KEYS.object ?? []), path, problem);
  if (node.type !== 'object') problem(pointer(path, 'type'), 'must be "object"');
  checkText(node, path, problem);
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
    problem(pointer(path, 'additionalProperties'), 'only false is supported');
  }
  const properties = node.properties;
  if (!isRecord(properties)) {
    problem(pointer(path, 'properties'), 'must be an object of fields');
    return;
  }
  for (const [key, child] of Object.entries(properties)) {
    const childPath = pointer(pointer(path, 'properties'), key);
    if (!FIELD_KEY_PATTERN.test(key)) {
      problem(
        childPath,
        'a field name starts with a letter and has only letters, digits and _ (at most 64)',
      );
      continue;
    }
    if (!isRecord(child)) {
      problem(childPath, 'must be an object');
      continue;
    }
    if (child.type === 'object') {
      if (isRoot) checkObject(child, childPath, false, problem, countField);
      else
        problem(pointer(childPath, 'type'), 'sections cannot be nested: one level of objects only');
      continue;
    }
    countField();
    checkField(child, childPath, problem, false);
  }
  const required = node.required;
  if (required !== undefined) {
    if (!Array.isArray(required))
      problem(pointer(path, 'required'), 'must be an array of field names');
    else {
      required.forEach((name, index) => {
        if (typeof name !== 'string' || !(name in properties)) {
          problem(pointer(pointer(path, 'required'), index), `"${String(name)}" is not a property`);
        }
      });
    }
  }
}

function checkCount(
  node: Record<string, unknown>,
  key: string,
  path: string,
  problem: Report,
  max: number,
) {
  const value = node[key];
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    problem(pointer(path, key), `must be a whole number from 0 to ${max}`);
  }
}

function checkField(node: Record<string, unknown>, path: string, problem: Report, isItem: boolean) {
  const type = node.type;
  const allowed = typeof type === 'string' ? ALLOWED_KEYS[type] : undefined;
  if (!allowed || type === 'object' || (isItem && (type === 'array' || type === 'boolean'))) {
    problem(pointer(path, 'type'), `unsupported type ${JSON.stringify(type)}`);
    return;
  }
  checkUnknownKeys(node, allowed, path, problem);
  checkText(node, path, problem);
  if (type === 'string') checkStringField(node, path, problem, isItem);
  if (type === 'number' || type === 'integer') {
    for (const key of ['minimum', 'maximum']) {
      const value = node[key];
      if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
        problem(pointer(path, key), 'must be a number');
      }
    }
    if (
      typeof node.minimum === 'number' &&
      typeof node.maximum === 'number' &&
      node.minimum > node.maximum
    ) {
      problem(pointer(path, 'minimum'), 'is greater than maximum');
    }
  }
  if (type === 'boolean' && node.const !== undefined && node.const !== true) {
    problem(pointer(path, 'const'), 'only true is supported (a box that must be ticked)');
  }
  if (type === 'array') {
    if (!isRecord(node.items)) problem(pointer(path, 'items'), 'must be a field schema');
    else checkField(node.items, pointer(path, 'items'), problem, true);
    checkCount(node, 'minItems', path, problem, FORM_LIMITS.maxItems);
    checkCount(node, 'maxItems', path, problem, FORM_LIMITS.maxItems);
    if (node.uniqueItems !== undefined && typeof node.uniqueItems !== 'boolean') {
      problem(pointer(path, 'uniqueItems'), 'must be true or false');
    }
  }
}

function checkStringField(
  node: Record<string, unknown>,
  path: string,
  problem: Report,
  isItem: boolean,
) {
  const format = node.format;
  if (format !== undefined && !isOneOf(STRING_FORMATS, format)) {
    problem(pointer(path, 'format'), `unsupported format ${JSON.stringify(format)}`);
  }
  if (node.enum !== undefined) {
    const values = node.enum;
    if (
      !Array.isArray(values) ||
      values.length === 0 ||
      values.length > FORM_LIMITS.maxEnumValues
    ) {
      problem(pointer(path, 'enum'), `must list 1 to ${FORM_LIMITS.maxEnumValues} strings`);
    } else if (
      values.some((value) => typeof value !== 'string' || value.length === 0 || value.length > 200)
    ) {
      problem(pointer(path, 'enum'), 'each value must be a string of 1 to 200 characters');
    } else if (new Set(values).size !== values.length) {
      problem(pointer(path, 'enum'), 'values must be distinct');
    }
    if (format !== undefined) problem(pointer(path, 'format'), 'a choice has no format');
  }
  checkCount(node, 'minLength', path, problem, FORM_LIMITS.maxStringLength);
  checkCount(node, 'maxLength', path, problem, FORM_LIMITS.maxStringLength);
  if (
    typeof node.minLength === 'number' &&
    typeof node.maxLength === 'number' &&
    node.minLength > node.maxLength
  ) {
    problem(pointer(path, 'minLength'), 'is greater than maxLength');
  }
  if (node.pattern !== undefined) checkPattern(node.pattern, pointer(path, 'pattern'), problem);
  const prefill = node['x-kuvert-prefill'];
  if (prefill !== undefined) {
    if (isItem || format === 'file')
      problem(pointer(path, 'x-kuvert-prefill'), 'only a single text field can be prefilled');
    else if (!isOneOf(PREFILL_KEYS, prefill)) {
      problem(
        pointer(path, 'x-kuvert-prefill'),
        `unknown prefill ${JSON.stringify(prefill)}; one of ${PREFILL_KEYS.join(', ')}`,
      );
    }
  }
  const accept = node['x-kuvert-accept'];
  if (accept !== undefined) {
    if (format !== 'file') problem(pointer(path, 'x-kuvert-accept'), 'only for format "file"');
    else if (
      !Array.isArray(accept) ||
      accept.length === 0 ||
      accept.some((type) => !isOneOf(FORM_FILE_TYPES, type))
    ) {
      problem(pointer(path, 'x-kuvert-accept'), `a list of ${FORM_FILE_TYPES.join(', ')}`);
    }
  }
}

const PATTERN_REFUSALS: Record<PatternRefusal, string> = {
  syntax: 'is not a valid regular expression',
  unsupported:
    'uses what the linear-time engine does not support (back-references, look-ahead or look-behind)',
  tooComplex: 'is too complex: use smaller counted repetitions ({m,n}), and maxLength for lengths',
};

/**
 * A problem that is only a `pattern` the linear-time engine refuses: a version kept from before
 * the rule is read as it was, but cannot be filled out.
 */
export function isPatternRefusal(problem: DefinitionProblem): boolean {
  return (
    problem.path.endsWith('/pattern') &&
    Object.values(PATTERN_REFUSALS).some((message) => message === problem.message)
  );
}

/** A pattern runs on what anyone types: only what the linear-time engine compiles. */
function checkPattern(pattern: unknown, path: string, problem: Report) {
  if (
    typeof pattern !== 'string' ||
    pattern.length === 0 ||
    pattern.length > FORM_LIMITS.maxPatternLength
  ) {
    problem(
      path,
      `must be a regular expression of 1 to ${FORM_LIMITS.maxPatternLength} characters`,
    );
    return;
  }
  const refusal = patternRefusal(pattern);
  if (refusal !== null) problem(path, PATTERN_REFUSALS[refusal]);
}

function checkOrder(order: unknown, keys: string[], path: string, problem: Report) {
  if (!Array.isArray(order) || order.some((key) => typeof key !== 'string')) {
    problem(path, 'must be an array of field names');
    return;
  }
  order.forEach((key: string, index) => {
    if (key !== '*' && !keys.includes(key))
      problem(pointer(path, index), `"${key}" is not a property`);
  });
  if (new Set(order).size !== order.length) problem(path, 'names each field once');
}

function checkUiField(
  options: unknown,
  field: Record<string, unknown>,
  path: string,
  problem: Report,
) {
  if (!isRecord(options)) {
    problem(path, 'must be an object');
    return;
  }
  checkUnknownKeys(options, UI_FIELD_KEYS, path, problem);
  for (const key of ['ui:title', 'ui:help', 'ui:placeholder']) {
    const value = options[key];
    if (
      value !== undefined &&
      (typeof value !== 'string' || value.length > FORM_LIMITS.maxDescriptionLength)
    ) {
      problem(
        pointer(path, key),
        `must be a string of at most ${FORM_LIMITS.maxDescriptionLength} characters`,
      );
    }
  }
  const widget = options['ui:widget'];
  if (widget !== undefined && !isOneOf(allowedWidgets(field), widget)) {
    problem(
      pointer(path, 'ui:widget'),
      `unsupported widget ${JSON.stringify(widget)} for this field; one of ${allowedWidgets(field).join(', ')}`,
    );
  }
  const names = options['ui:enumNames'];
  if (names !== undefined) {
    const values = field.type === 'array' && isRecord(field.items) ? field.items.enum : field.enum;
    if (
      !Array.isArray(values) ||
      !Array.isArray(names) ||
      names.length !== values.length ||
      names.some((name) => typeof name !== 'string' || name.length > 200)
    ) {
      problem(pointer(path, 'ui:enumNames'), 'one label (a string) for each enum value');
    }
  }
}

/** The widgets a field may ask for; the first is what it gets by default. */
export function allowedWidgets(field: {
  type?: unknown;
  items?: unknown;
  enum?: unknown;
  format?: unknown;
}): UiWidget[] {
  if (field.type === 'boolean') return ['checkbox'];
  if (field.type === 'array') {
    return isRecord(field.items) && field.items.enum !== undefined ? ['checkboxes'] : [];
  }
  if (field.type === 'string' && field.enum !== undefined) return ['select', 'radio'];
  if (field.type === 'string' && field.format === undefined) return ['text', 'textarea'];
  return [];
}

function checkUiSchema(schema: Record<string, unknown>, uiSchema: unknown, problem: Report) {
  if (uiSchema === undefined || uiSchema === null) return;
  if (!isRecord(uiSchema)) {
    problem('/ui_schema', 'must be a JSON object');
    return;
  }
  if (JSON.stringify(uiSchema).length > FORM_LIMITS.maxDefinitionBytes) {
    problem('/ui_schema', `larger than ${FORM_LIMITS.maxDefinitionBytes} bytes`);
    return;
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const [key, options] of Object.entries(uiSchema)) {
    const path = pointer('/ui_schema', key);
    if (key === 'ui:order') {
      checkOrder(options, Object.keys(properties), path, problem);
      continue;
    }
    const node = properties[key];
    if (!isRecord(node)) {
      problem(path, `"${key}" is not a property`);
      continue;
    }
    if (node.type !== 'object') {
      checkUiField(options, node, path, problem);
      continue;
    }
    if (!isRecord(options)) {
      problem(path, 'must be an object');
      continue;
    }
    const children = isRecord(node.properties) ? node.properties : {};
    for (const [childKey, childOptions] of Object.entries(options)) {
      const childPath = pointer(path, childKey);
      if (childKey === 'ui:order')
        checkOrder(childOptions, Object.keys(children), childPath, problem);
      else if (UI_SECTION_KEYS.includes(childKey)) {
        if (typeof childOptions !== 'string') problem(childPath, 'must be a string');
      } else if (isRecord(children[childKey])) {
        checkUiField(childOptions, children[childKey], childPath, problem);
      } else problem(childPath, `"${childKey}" is not a property of this section`);
    }
  }
}
