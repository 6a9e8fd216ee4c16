import type { FormField, PrefillKey } from '@kuvert/shared/form-definition';

/** What every field control gets from the renderer. */
export interface FieldProps {
  field: FormField;
  /** The id of its (first) control: labels, the error summary and focus use it. */
  id: string;
  value: unknown;
  /** The field's own problem, translated; null when it has none to show. */
  error: string | null;
  onChange: (value: unknown) => void;
  /** The field was left (validation shows from then on). */
  onBlur: () => void;
  disabled: boolean;
}

/** What the browser may offer from what it knows of the person, by prefill key. */
const AUTOCOMPLETE: Record<PrefillKey, string> = {
  'profile.first_name': 'given-name',
  'profile.last_name': 'family-name',
  'profile.full_name': 'name',
  'profile.email': 'email',
  'profile.address.street': 'street-address',
  'profile.address.postcode': 'postal-code',
  'profile.address.city': 'address-level2',
  'profile.address.country': 'country-name',
};

export function autocompleteOf(field: FormField): string | undefined {
  if (field.prefill !== null) return AUTOCOMPLETE[field.prefill];
  if (field.kind === 'email') return 'email';
  if (field.kind === 'phone') return 'tel';
  return undefined;
}

export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
