import {
  mailMergeRecipientFields,
  placeholderKey,
  type MailMergeRecipientField,
} from '@kuvert/shared/mail-merge';

/** Column headers (lower-cased, without spaces, dots, dashes, underscores) each field takes. */
const headerNames: Record<MailMergeRecipientField, readonly string[]> = {
  name: [
    'name',
    'fullname',
    'nachname',
    'lastname',
    'surname',
    'familienname',
    'empfänger',
    'recipient',
    'kunde',
    'customer',
  ],
  first_name: ['vorname', 'firstname', 'givenname'],
  organisation: ['organisation', 'organization', 'company', 'firma', 'unternehmen', 'institution'],
  street: [
    'street',
    'straße',
    'strasse',
    'str',
    'address',
    'adresse',
    'anschrift',
    'streetaddress',
    'straßeundhausnummer',
    'strassehausnummer',
    'straßehausnummer',
  ],
  postcode: ['postcode', 'postalcode', 'zip', 'zipcode', 'plz', 'postleitzahl'],
  city: ['city', 'town', 'ort', 'stadt', 'wohnort'],
  country: ['country', 'land', 'staat'],
  email: ['email', 'mail', 'emailadresse', 'emailaddress', 'kuvert'],
};

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replaceAll(/[\s._-]+/g, '');

/**
 * Recipient fields matched to columns by header name, English or German. A "Name" column wins
 * over "Nachname"; "Vorname" is then only used beside a last-name column.
 */
export function autoMapFields(
  columns: readonly string[],
): Partial<Record<MailMergeRecipientField, number>> {
  const normalised = columns.map(normalise);
  const mapping: Partial<Record<MailMergeRecipientField, number>> = {};
  const used = new Set<number>();
  // The shared order of the fields, which is also headerNames' order: a column goes to the first.
  for (const field of mailMergeRecipientFields) {
    for (const name of headerNames[field]) {
      const index = normalised.findIndex((header, column) => header === name && !used.has(column));
      if (index !== -1) {
        mapping[field] = index;
        used.add(index);
        break;
      }
    }
  }
  // A full name needs no first name in front of it.
  if (mapping.name !== undefined && normalised[mapping.name] === 'name') delete mapping.first_name;
  return mapping;
}

/** Placeholders matched to the column of the same name (trimmed, any case). */
export function autoMapPlaceholders(
  placeholders: readonly string[],
  columns: readonly string[],
  current: Readonly<Record<string, number>>,
): Record<string, number> {
  const next: Record<string, number> = {};
  for (const name of placeholders) {
    const kept = current[name];
    if (kept !== undefined && kept < columns.length) {
      next[name] = kept;
      continue;
    }
    const index = columns.findIndex((column) => placeholderKey(column) === placeholderKey(name));
    if (index !== -1) next[name] = index;
  }
  return next;
}
