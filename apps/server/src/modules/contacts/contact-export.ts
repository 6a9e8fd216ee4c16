import type { FastifyInstance } from 'fastify';
import {
  contactCsvColumns,
  contactCsvHeaders,
  type ContactCsvColumn,
  type ContactExportQuery,
} from '@kuvert/shared/contacts';
import { countryName } from '@kuvert/shared/postal';
import { writeVcards } from '../../lib/vcard/index.ts';
import { assertAccountRole } from '../accounts/accounts.service.ts';
import { findAllContacts, type ContactRow } from './contacts.repository.ts';

export interface ContactExportFile {
  filename: string;
  contentType: string;
  /** The file's text; a CSV starts with the byte order mark. */
  body: string;
}

type Language = keyof typeof contactCsvHeaders;

function cellsOf(row: ContactRow, language: Language): Record<ContactCsvColumn, string> {
  return {
    name: row.name,
    organisation: row.organisation,
    email: row.email,
    phone: row.phone,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country: row.country ? countryName(row.country, language) : '',
    kuvert_address: row.digital_kind === 'kuvert' ? (row.digital_email ?? '') : '',
    notes: row.notes,
  };
}

/**
 * A cell Excel would run as a formula (`=`, `+`, `-`, `@`) gets a leading `'`; a phone number
 * such as +49 30 1234 is left alone. The import takes the `'` off again.
 */
function guardFormula(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value) || /^\+[\d\s()/-]+$/.test(value)) return value;
  return `'${value}`;
}

function csvCell(value: string): string {
  const guarded = guardFormula(value);
  return /[;"\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** UTF-8 with a byte order mark and `;`: Excel in German-speaking countries opens it as is. */
export function contactsCsv(rows: ContactRow[], language: Language): string {
  const header = contactCsvColumns.map((column) => csvCell(contactCsvHeaders[language][column]));
  const lines = [header.join(';')];
  for (const row of rows) {
    const cells = cellsOf(row, language);
    lines.push(contactCsvColumns.map((column) => csvCell(cells[column])).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function contactsVcard(rows: ContactRow[], language: Language): string {
  return writeVcards(
    rows.map((row) => {
      const cells = cellsOf(row, language);
      return { ...cells, kuvertAddress: cells.kuvert_address };
    }),
  );
}

export async function exportContacts(
  app: FastifyInstance,
  userId: string,
  query: ContactExportQuery,
  userLanguage: string,
): Promise<ContactExportFile> {
  await assertAccountRole(app.db, userId, query.account_id, 'viewer');
  const language: Language = query.language ?? (userLanguage === 'de' ? 'de' : 'en');
  const rows = await findAllContacts(app.db, query.account_id);
  const day = app.clock.now().toISOString().slice(0, 10);
  const base = language === 'de' ? 'adressbuch' : 'address-book';
  if (query.format === 'vcard') {
    return {
      filename: `${base}-${day}.vcf`,
      contentType: 'text/vcard; charset=utf-8',
      body: contactsVcard(rows, language),
    };
  }
  return {
    filename: `${base}-${day}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: contactsCsv(rows, language),
  };
}
