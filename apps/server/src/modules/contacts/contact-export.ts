import type { FastifyInstance } from 'fastify';
import { languageSchema } from '@kuvert/shared/auth';
import {
  contactCsvColumns,
  contactCsvHeaders,
  type ContactCsvColumn,
  type ContactExportQuery,
} from '@kuvert/shared/contacts';
import { countryName } from '@kuvert/shared/postal';
import { writeCsv } from '../../lib/csv/write.ts';
import { writeVcards } from '../../lib/vcard/index.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { withProviderNames } from './contact-providers.ts';
import { findAllContacts, type ContactRow } from './contacts.repository.ts';

export interface ContactExportFile {
  filename: string;
  contentType: string;
  /** The file's text; a CSV starts with the byte order mark. */
  body: string;
}

type Language = keyof typeof contactCsvHeaders;

/** The address book's file name (without the day and extension), in the person's language. */
export const addressBookFileBase: Record<Language, string> = {
  en: 'address-book',
  de: 'adressbuch',
  sv: 'adressbok',
  da: 'adressebog',
  nb: 'adressebok',
};

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

/** UTF-8 with a byte order mark and `;`, every cell guarded against formulas (lib/csv). */
export function contactsCsv(rows: ContactRow[], language: Language): string {
  const header = contactCsvColumns.map((column) => contactCsvHeaders[language][column]);
  const body = rows.map((row) => {
    const cells = cellsOf(row, language);
    return contactCsvColumns.map((column) => cells[column]);
  });
  return writeCsv([header, ...body]);
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
  await assertAccountAction(app.db, userId, query.account_id, 'read');
  const language: Language = query.language ?? languageSchema.catch('en').parse(userLanguage);
  const rows = await withProviderNames(app.db, await findAllContacts(app.db, query.account_id));
  const day = app.clock.now().toISOString().slice(0, 10);
  const base = addressBookFileBase[language];
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
