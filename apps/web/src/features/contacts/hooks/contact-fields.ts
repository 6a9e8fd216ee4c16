import { contactInputSchema } from '@kuvert/shared/contacts';
import type { Contact, ContactInput } from '@kuvert/shared/contacts';
import type { FieldIssue } from '@kuvert/shared/errors';
import { countryCodes, type CountryCode } from '@kuvert/shared/postal';
import { ApiError } from '../../../lib/http.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { isRuleMessageKey, translateIssue } from '../../../lib/validation.ts';

export const contactFields = [
  'name',
  'organisation',
  'email',
  'phone',
  'street',
  'postcode',
  'city',
  'country',
  'digital',
  'notes',
] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactErrors = Partial<Record<ContactField, string>>;

export type DigitalKind = 'none' | 'kuvert' | 'provider';

/** What the form holds: every field as typed, the digital address split into its parts. */
export interface ContactFormValues {
  name: string;
  organisation: string;
  email: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  country: CountryCode | null;
  digitalKind: DigitalKind;
  kuvertEmail: string;
  providerId: string | null;
  notes: string;
}

export const emptyContactForm: ContactFormValues = {
  name: '',
  organisation: '',
  email: '',
  phone: '',
  street: '',
  postcode: '',
  city: '',
  country: null,
  digitalKind: 'none',
  kuvertEmail: '',
  providerId: null,
  notes: '',
};

export function formValuesOf(contact: Contact): ContactFormValues {
  const { digital } = contact;
  return {
    name: contact.name,
    organisation: contact.organisation,
    email: contact.email,
    phone: contact.phone,
    street: contact.street,
    postcode: contact.postcode,
    city: contact.city,
    country: contact.country,
    digitalKind: digital?.kind ?? 'none',
    kuvertEmail: digital?.kind === 'kuvert' ? digital.email : '',
    providerId: digital?.kind === 'provider' ? digital.provider_id : null,
    notes: contact.notes,
  };
}

export function contactInputOf(values: ContactFormValues): ContactInput {
  const digital =
    values.digitalKind === 'kuvert'
      ? { kind: 'kuvert' as const, email: values.kuvertEmail.trim() }
      : values.digitalKind === 'provider'
        ? { kind: 'provider' as const, provider_id: values.providerId ?? '' }
        : null;
  return {
    name: values.name,
    organisation: values.organisation,
    email: values.email.trim(),
    phone: values.phone,
    street: values.street,
    postcode: values.postcode,
    city: values.city,
    country: values.country,
    digital,
    notes: values.notes,
  };
}

/** A country's name in the reader's language. */
export function countryLabel(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country Kuvert knows, by name in the reader's language and alphabet. */
export function countryOptions(language: string): Array<{ value: CountryCode; label: string }> {
  const collator = new Intl.Collator(language);
  return countryCodes
    .map((code) => ({ value: code, label: countryLabel(code, language) }))
    .toSorted((a, b) => collator.compare(a.label, b.label));
}

/** Rule values shown to people: a country's name instead of its code. */
function readableValues(values: Record<string, unknown>, language: string) {
  const readable: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    readable[key] = key === 'country' ? countryLabel(String(value), language) : String(value);
  }
  return readable;
}

/** The form field a problem's path names (`body.contact.postcode`, `digital.email`). */
export function fieldOf(path: string): ContactField | undefined {
  const field = path
    .replace(/^body\./, '')
    .replace(/^contact\./, '')
    .split('.')[0];
  return contactFields.find((candidate) => candidate === field);
}

/** The same rules as the server's, each field's first problem in the reader's language. */
export function validateContact(
  t: TFunction,
  values: ContactFormValues,
  language: string,
): ContactErrors {
  const result = contactInputSchema.safeParse(contactInputOf(values));
  if (result.success) return {};
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (field === undefined || errors[field] !== undefined) continue;
    if (field === 'digital' && values.digitalKind === 'provider') {
      errors[field] = t('contacts.form.providerRequired');
      continue;
    }
    const { i18n, ...params } = issue.code === 'custom' ? (issue.params ?? {}) : {};
    errors[field] = isRuleMessageKey(i18n)
      ? t(i18n, readableValues(params, language))
      : translateIssue(t, issue);
  }
  return errors;
}

/** A translated message per field for one problem the server (or an import) named. */
export function translateFieldIssue(t: TFunction, issue: FieldIssue, language: string): string {
  return isRuleMessageKey(issue.i18n)
    ? t(issue.i18n, readableValues(issue.values ?? {}, language))
    : t('validation.invalid');
}

/** VALIDATION_FAILED from the server, by field. */
export function serverContactErrors(t: TFunction, error: unknown, language: string): ContactErrors {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return {};
  const errors: ContactErrors = {};
  for (const issue of error.fieldIssues) {
    const field = fieldOf(issue.path);
    if (field !== undefined) errors[field] ??= translateFieldIssue(t, issue, language);
  }
  return errors;
}

/** How a contact is named in lists: the name, else the organisation. */
export function contactTitle(contact: Pick<Contact, 'name' | 'organisation'>): string {
  return contact.name || contact.organisation;
}
