import type { z } from 'zod';
import {
  contactCsvColumns,
  contactCsvHeaders,
  contactInputSchema,
  type ContactCsvColumn,
  type ContactFields,
  type ContactImportRow,
} from '@kuvert/shared/contacts';
import type { FieldIssue } from '@kuvert/shared/errors';
import { unguardCsvCell } from '../../lib/csv/write.ts';
import { countryFromText, restoreLeadingZeros } from '../../lib/countries/index.ts';
import { translationOf } from '../../plugins/error-handler.ts';

/*
 * From what a file holds to rows of an import preview: headers recognised in English and
 * German, countries by ISO code or by name in many languages, postcodes whose leading zeros
 * a spreadsheet dropped mended (and the row says so), each row validated as if typed,
 * duplicates marked.
 */

export type ContactCells = Partial<Record<ContactCsvColumn, string>>;

function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]/g, '');
}

const headerSynonyms: Record<ContactCsvColumn, string[]> = {
  name: [
    'name',
    'full name',
    'display name',
    'vollständiger name',
    'anzeigename',
    'first name',
    'given name',
    'vorname',
    'last name',
    'family name',
    'surname',
    'nachname',
  ],
  organisation: ['organisation', 'organization', 'company', 'firma', 'unternehmen'],
  email: ['email', 'e-mail address', 'mail', 'e-mail-adresse'],
  phone: ['phone', 'telephone', 'tel', 'mobile', 'telefon', 'telefonnummer', 'handy'],
  street: ['street', 'address', 'street address', 'straße', 'adresse'],
  postcode: ['postcode', 'postal code', 'zip', 'zip code', 'plz', 'postleitzahl'],
  city: ['city', 'town', 'ort', 'stadt'],
  country: ['country', 'land'],
  kuvert_address: ['kuvert address', 'kuvert'],
  notes: ['notes', 'note', 'notizen', 'notiz', 'comment', 'bemerkung'],
};

const fieldByHeader = new Map<string, ContactCsvColumn>();
for (const column of contactCsvColumns) {
  for (const header of [
    column,
    contactCsvHeaders.en[column],
    contactCsvHeaders.de[column],
    ...headerSynonyms[column],
  ]) {
    fieldByHeader.set(normaliseHeader(header), column);
  }
}

/** Column index → contact field, for the headers Kuvert recognises. */
export function mapCsvHeaders(headers: string[]): Record<string, ContactCsvColumn> {
  const mapping: Record<string, ContactCsvColumn> = {};
  headers.forEach((header, index) => {
    const field = fieldByHeader.get(normaliseHeader(header));
    if (field) mapping[String(index)] = field;
  });
  return mapping;
}

/** A row's cells by field; several columns of one field (first and last name) are joined. */
export function cellsOfCsvRow(
  row: string[],
  mapping: Record<string, ContactCsvColumn>,
): ContactCells {
  const cells: ContactCells = {};
  for (const [index, field] of Object.entries(mapping)) {
    // Kuvert's CSV export guards formulas with a leading `'`; it comes off again here.
    const value = unguardCsvCell((row[Number(index)] ?? '').trim());
    if (value === '') continue;
    cells[field] = cells[field] ? `${cells[field]} ${value}` : value;
  }
  return cells;
}

const duplicateKeys = (contact: {
  name: string;
  organisation: string;
  email: string;
  street: string;
  postcode: string;
  /** The Kuvert address, when it is the digital one. */
  kuvert: string | null;
}): string[] => {
  const who = (contact.name || contact.organisation).trim().toLowerCase();
  const keys: string[] = [];
  if (contact.email) keys.push(`${who}|@${contact.email.trim().toLowerCase()}`);
  if (contact.kuvert) keys.push(`${who}|k:${contact.kuvert.toLowerCase()}`);
  if (contact.street)
    keys.push(`${who}|${contact.street.trim().toLowerCase()}|${contact.postcode.trim()}`);
  return keys;
};

function problemOf(issue: z.core.$ZodIssue): FieldIssue {
  const path = issue.path.map(String).join('.');
  if (path === 'country' && issue.code !== 'custom') {
    return {
      path,
      message: 'Not a country Kuvert knows',
      i18n: 'validation.unknownCountry',
      values: {},
    };
  }
  return { path, message: issue.message, ...translationOf(issue) };
}

/**
 * Validates each row as the form would; a row matching a saved contact (or an earlier row)
 * by name and e-mail, or by name and street, is a duplicate.
 */
export function importRows(
  cellRows: ContactCells[],
  saved: Array<Parameters<typeof duplicateKeys>[0]>,
): ContactImportRow[] {
  const seen = new Set(saved.flatMap(duplicateKeys));
  return cellRows.map((cells, index) => {
    const countryText = cells.country ?? '';
    const country = countryText === '' ? undefined : countryFromText(countryText);
    const written = cells.postcode ?? '';
    const postcode = country ? restoreLeadingZeros(written, country) : written;
    const corrections: ContactImportRow['corrections'] =
      postcode === written ? [] : [{ path: 'postcode', from: written, to: postcode }];
    const result = contactInputSchema.safeParse({
      name: cells.name ?? '',
      organisation: cells.organisation ?? '',
      email: cells.email ?? '',
      phone: cells.phone ?? '',
      street: cells.street ?? '',
      postcode,
      city: cells.city ?? '',
      country: countryText === '' ? null : (country ?? countryText),
      digital: cells.kuvert_address ? { kind: 'kuvert', email: cells.kuvert_address } : null,
      notes: cells.notes ?? '',
    });
    const row = index + 1;
    const shown = Object.fromEntries(Object.entries(cells));
    if (!result.success) {
      return {
        row,
        status: 'invalid',
        contact: null,
        cells: shown,
        problems: result.error.issues.map(problemOf),
        corrections,
      };
    }
    const contact: ContactFields = result.data;
    const keys = duplicateKeys({
      ...contact,
      kuvert: contact.digital?.kind === 'kuvert' ? contact.digital.email : null,
    });
    const isDuplicate = keys.some((key) => seen.has(key));
    for (const key of keys) seen.add(key);
    return {
      row,
      status: isDuplicate ? 'duplicate' : 'ok',
      contact,
      cells: shown,
      problems: [],
      corrections,
    };
  });
}
