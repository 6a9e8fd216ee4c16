import {
  allowedWidgets,
  FORM_FILE_TYPES,
  FORM_LIMITS,
  type FieldSchema,
  type FormSchema,
  type FormUiSchema,
  type ItemSchema,
  type PrefillKey,
  type SectionSchema,
  type UiFieldOptions,
  type UiSectionOptions,
  type UiWidget,
} from './definition.ts';

/**
 * A checked definition as the renderer, the validator and the PDF see it: sections of fields
 * in display order, each field with its label, help and rules resolved from both schemas.
 */
export type FieldKind =
  | 'text'
  | 'email'
  | 'date'
  | 'iban'
  | 'phone'
  | 'choice'
  | 'number'
  | 'integer'
  | 'checkbox'
  | 'multi-choice'
  | 'list'
  | 'file'
  | 'files';

export interface FieldOption {
  value: string;
  label: string;
}

export interface FormField {
  /** Dotted path in the answers: `email` or `address.street`. */
  path: string;
  key: string;
  kind: FieldKind;
  label: string;
  help: string | null;
  placeholder: string | null;
  required: boolean;
  /** text: `text` | `textarea`; choice: `select` | `radio`; multi-choice: `checkboxes`. */
  widget: UiWidget | null;
  /** choice and multi-choice. */
  options: FieldOption[];
  minLength: number | null;
  /** Always set for text-like fields: the field's own or FORM_LIMITS.maxStringLength. */
  maxLength: number | null;
  pattern: string | null;
  minimum: number | null;
  maximum: number | null;
  /** multi-choice, list and files. */
  minItems: number | null;
  maxItems: number | null;
  uniqueItems: boolean;
  /** list: what each item is. */
  itemKind: 'text' | 'email' | 'date' | 'iban' | 'phone' | 'number' | 'integer' | null;
  /** checkbox: must be ticked to submit. */
  mustBeTrue: boolean;
  prefill: PrefillKey | null;
  /** file and files: the content types it takes. */
  accept: string[];
}

export interface FormSection {
  /** Null for the fields at the top level (each run of them is one section). */
  key: string | null;
  title: string | null;
  help: string | null;
  fields: FormField[];
}

function ordered(keys: string[], order: unknown): string[] {
  if (!Array.isArray(order)) return keys;
  const named = order.filter((key): key is string => typeof key === 'string' && keys.includes(key));
  const rest = keys.filter((key) => !named.includes(key));
  const star = order.indexOf('*');
  if (star < 0) return [...named, ...rest];
  const before = order
    .slice(0, star)
    .filter((key): key is string => typeof key === 'string' && named.includes(key));
  const after = named.filter((key) => !before.includes(key));
  return [...before, ...rest, ...after];
}

function kindOf(schema: FieldSchema | ItemSchema): FieldKind {
  switch (schema.type) {
    case 'boolean':
      return 'checkbox';
    case 'number':
      return 'number';
    case 'integer':
      return 'integer';
    case 'array':
      if (schema.items.type === 'string' && schema.items.format === 'file') return 'files';
      return schema.items.type === 'string' && schema.items.enum ? 'multi-choice' : 'list';
    case 'string':
      if (schema.enum) return 'choice';
      return schema.format ?? 'text';
  }
}

/** What each item of a `list` field is (a list holds no choices and no files). */
function listItemKindOf(item: ItemSchema): FormField['itemKind'] {
  if (item.type !== 'string') return item.type;
  if (item.enum || item.format === 'file') return null;
  return item.format ?? 'text';
}

function optionsOf(values: string[] | undefined, names: unknown): FieldOption[] {
  return (values ?? []).map((value, index) => ({
    value,
    label: Array.isArray(names) && typeof names[index] === 'string' ? names[index] : value,
  }));
}

function fieldOf(
  key: string,
  path: string,
  schema: FieldSchema,
  required: boolean,
  ui: UiFieldOptions,
): FormField {
  const kind = kindOf(schema);
  const item = schema.type === 'array' ? schema.items : null;
  const text = schema.type === 'string' ? schema : item?.type === 'string' ? item : null;
  const numeric =
    schema.type === 'number' || schema.type === 'integer'
      ? schema
      : item && item.type !== 'string'
        ? item
        : null;
  const widgets = allowedWidgets(schema);
  const textLike = text !== null && text.format !== 'file' && !text.enum;
  return {
    path,
    key,
    kind,
    label: ui['ui:title'] ?? schema.title ?? key,
    help: ui['ui:help'] ?? schema.description ?? null,
    placeholder: ui['ui:placeholder'] ?? null,
    required,
    widget: ui['ui:widget'] ?? widgets[0] ?? null,
    options: optionsOf(
      schema.type === 'string' ? schema.enum : item?.type === 'string' ? item.enum : undefined,
      ui['ui:enumNames'],
    ),
    minLength: text?.minLength ?? null,
    maxLength: textLike ? (text.maxLength ?? FORM_LIMITS.maxStringLength) : null,
    pattern: text?.pattern ?? null,
    minimum: numeric?.minimum ?? null,
    maximum: numeric?.maximum ?? null,
    minItems: schema.type === 'array' ? (schema.minItems ?? null) : null,
    maxItems: schema.type === 'array' ? (schema.maxItems ?? FORM_LIMITS.maxItems) : null,
    uniqueItems: schema.type === 'array' && schema.uniqueItems === true,
    itemKind: kind === 'list' && item ? listItemKindOf(item) : null,
    mustBeTrue: schema.type === 'boolean' && schema.const === true,
    prefill: schema.type === 'string' ? (schema['x-kuvert-prefill'] ?? null) : null,
    accept: text?.format === 'file' ? (text['x-kuvert-accept'] ?? [...FORM_FILE_TYPES]) : [],
  };
}

type UiOptions = UiFieldOptions | UiSectionOptions | string | string[] | undefined;

/** A section's UI options; none where the UI schema holds no object. */
function sectionOptionsIn(options: UiOptions): UiSectionOptions {
  return typeof options === 'object' && options !== null && !Array.isArray(options) ? options : {};
}

/** A field's UI options; none where the UI schema holds no object. */
function fieldOptionsIn(options: UiOptions): UiFieldOptions {
  return typeof options === 'object' && options !== null && !Array.isArray(options) ? options : {};
}

function isSection(schema: FieldSchema | SectionSchema): schema is SectionSchema {
  return schema.type === 'object';
}

/** The sections of a definition that `checkFormDefinition` accepted, in display order. */
export function formSections(schema: FormSchema, uiSchema: FormUiSchema = {}): FormSection[] {
  const sections: FormSection[] = [];
  let loose: FormSection | null = null;
  const required = new Set(schema.required ?? []);
  for (const key of ordered(Object.keys(schema.properties), uiSchema['ui:order'])) {
    const node = schema.properties[key];
    if (!node) continue;
    if (isSection(node)) {
      const ui = sectionOptionsIn(uiSchema[key]);
      loose = null;
      const inner = new Set(node.required ?? []);
      sections.push({
        key,
        title: ui['ui:title'] ?? node.title ?? key,
        help: ui['ui:help'] ?? node.description ?? null,
        fields: ordered(Object.keys(node.properties), ui['ui:order']).flatMap((childKey) => {
          const child = node.properties[childKey];
          if (!child) return [];
          const childUi = fieldOptionsIn(ui[childKey]);
          return [fieldOf(childKey, `${key}.${childKey}`, child, inner.has(childKey), childUi)];
        }),
      });
      continue;
    }
    if (!loose) {
      loose = { key: null, title: null, help: null, fields: [] };
      sections.push(loose);
    }
    loose.fields.push(fieldOf(key, key, node, required.has(key), fieldOptionsIn(uiSchema[key])));
  }
  return sections;
}

/** Every field of every section, in display order. */
export function formFields(schema: FormSchema, uiSchema: FormUiSchema = {}): FormField[] {
  return formSections(schema, uiSchema).flatMap((section) => section.fields);
}
