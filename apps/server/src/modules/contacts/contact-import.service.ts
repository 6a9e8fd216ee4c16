import type { FastifyInstance } from 'fastify';
import {
  CONTACT_IMPORT_MAX_ROWS,
  type ContactImportPreview,
  type ContactImportPreviewQuery,
} from '@kuvert/shared/contacts';
import { sniffTextType } from '../../lib/csv/index.ts';
import { looksLikeVcard } from '../../lib/vcard/index.ts';
import { AppError } from '../../plugins/app-error.ts';
import { ProcessingError } from '../../plugins/processing/document-processing.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import {
  cellsOfCsvRow,
  importRows,
  mapCsvHeaders,
  type ContactCells,
} from './contact-import-rows.ts';
import { findContactKeys } from './contacts.repository.ts';

const tooManyRows = () =>
  new AppError('PAYLOAD_TOO_LARGE', {
    message: `An import holds at most ${CONTACT_IMPORT_MAX_ROWS} contacts.`,
  });

const unreadable = (message: string) => new AppError('DOCUMENT_UNREADABLE', { message });

/** Runs a read in the processing pool; a file it cannot read is the sender's mistake. */
async function inPool<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ProcessingError) {
      throw unreadable('This file cannot be read as a CSV or a vCard.');
    }
    throw error;
  }
}

/** An account's imports take turns with other accounts' in the imports lane. */
const queueOf = (accountId: string) => ({ fairnessKey: `account:${accountId}` });

async function vcardCells(
  app: FastifyInstance,
  bytes: Uint8Array,
  accountId: string,
): Promise<ContactCells[]> {
  const { cards, truncated } = await inPool(() =>
    app.processing.readVcards(bytes, CONTACT_IMPORT_MAX_ROWS, queueOf(accountId)),
  );
  if (truncated) throw tooManyRows();
  if (cards.length === 0) throw unreadable('This vCard file holds no cards.');
  return cards.map((card) => ({
    name: card.name,
    organisation: card.organisation,
    email: card.email,
    phone: card.phone,
    street: card.street,
    postcode: card.postcode,
    city: card.city,
    country: card.country,
    kuvert_address: card.kuvertAddress,
    notes: card.notes,
  }));
}

/**
 * What an import of this file would save, row by row: a vCard (2.1, 3.0, 4.0) or a CSV with
 * a header row (encoding and delimiter detected unless given). Nothing is saved.
 */
export async function previewContactImport(
  app: FastifyInstance,
  userId: string,
  query: ContactImportPreviewQuery,
  bytes: Uint8Array,
): Promise<ContactImportPreview> {
  await assertAccountAction(app.db, userId, query.account_id, 'organize');
  if (bytes.length === 0) throw new AppError('CSV_EMPTY', { message: 'The file is empty.' });
  const saved = await findContactKeys(app.db, query.account_id);
  if (looksLikeVcard(bytes)) {
    const cells = await vcardCells(app, bytes, query.account_id);
    return {
      format: 'vcard',
      encoding: null,
      delimiter: null,
      columns: [],
      mapping: {},
      rows: importRows(cells, saved),
    };
  }
  if (
    sniffTextType(bytes.subarray(0, 64 * 1024), { isComplete: bytes.length <= 64 * 1024 }) ===
    undefined
  ) {
    throw unreadable('This file is neither a CSV nor a vCard.');
  }
  const table = await inPool(() =>
    app.processing.previewCsv(
      bytes,
      {
        isComplete: true,
        encoding: query.encoding,
        delimiter: query.delimiter,
        maxRows: CONTACT_IMPORT_MAX_ROWS + 1,
      },
      queueOf(query.account_id),
    ),
  );
  const [headers, ...rows] = table.rows;
  if (!headers) throw new AppError('CSV_EMPTY');
  if (rows.length === 0) throw new AppError('CSV_NO_ROWS');
  if (table.truncated || rows.length > CONTACT_IMPORT_MAX_ROWS) throw tooManyRows();
  const mapping = mapCsvHeaders(headers);
  if (Object.keys(mapping).length === 0) {
    throw unreadable(
      'No column of this CSV names a contact field: its first row must hold headers such as Name, E-mail, Street, Postcode, City.',
    );
  }
  return {
    format: 'csv',
    encoding: table.encoding,
    delimiter: table.delimiter,
    columns: headers,
    mapping,
    rows: importRows(
      rows.map((row) => cellsOfCsvRow(row, mapping)),
      saved,
    ),
  };
}
