import type { Contact, ContactFields } from '@kuvert/shared/contacts';
import type { ContactRow, NewContactRow } from './contacts.repository.ts';

export function toContact(row: ContactRow): Contact {
  const digital =
    row.digital_kind === 'kuvert' && row.digital_email
      ? { kind: 'kuvert' as const, email: row.digital_email }
      : row.digital_kind === 'provider' && row.provider_id
        ? {
            kind: 'provider' as const,
            provider_id: row.provider_id,
            provider_name: row.provider_name ?? '',
          }
        : null;
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    organisation: row.organisation,
    email: row.email,
    phone: row.phone,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    digital,
    notes: row.notes,
    has_postal_address:
      row.street !== '' && row.postcode !== '' && row.city !== '' && row.country !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    trashed_at: row.trashed_at,
  };
}

/**
 * Lower-cased, without accents: "Ärzte" files with "A" on both engines, whose own orders
 * differ (SQLite by code point). Name first, else the organisation.
 */
export function sortKeyOf(fields: Pick<ContactFields, 'name' | 'organisation'>): string {
  return foldForSearch(fields.name || fields.organisation).slice(0, 200);
}

/** Lower case without accents, as sort keys are written. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The columns of a contact as typed (without id, account and times). */
export function contactColumns(
  fields: ContactFields,
): Omit<NewContactRow, 'id' | 'account_id' | 'created_at' | 'updated_at'> {
  return {
    name: fields.name,
    organisation: fields.organisation,
    email: fields.email,
    phone: fields.phone,
    street: fields.street,
    postcode: fields.postcode,
    city: fields.city,
    country: fields.country,
    digital_kind: fields.digital?.kind ?? null,
    digital_email: fields.digital?.kind === 'kuvert' ? fields.digital.email : null,
    provider_id: fields.digital?.kind === 'provider' ? fields.digital.provider_id : null,
    notes: fields.notes,
    sort_key: sortKeyOf(fields),
  };
}
