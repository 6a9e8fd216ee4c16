import type { FastifyInstance } from 'fastify';
import {
  mailMergeDefinitionSchema,
  parseTemplate,
  placeholderKey,
  type MailMerge,
  type MailMergeCsvInspection,
  type MailMergeInspectRequest,
  type MailMergeList,
  type MailMergeRowPage,
  type TemplatePart,
} from '@kuvert/shared/mail-merge';
import type { Language } from '@kuvert/shared/auth';
import { DEFAULT_COUNTRY } from '@kuvert/shared/postal';
import { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { writeCsv } from '../../lib/csv/write.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import {
  countDeliveriesOfMerges,
  findLetterDeliveries,
} from '../outbox/letter-deliveries.service.ts';
import { loadSender, type OutboundSender } from '../outbox/outbound-letters.service.ts';
import { findUploadsToAttach } from '../uploads/upload-attachments.service.ts';
import { findUserContact } from '../users/user-contact.service.ts';
import { findMailboxesByEmail } from '../users/user-mailboxes.service.ts';
import { findCsvUpload, readMergeCsv } from './mail-merge-csv.ts';
import { MAIL_MERGE_SEND_JOB } from './mail-merge-job-types.ts';
import { toMailMerge, toMailMergeRow } from './mail-merge.presenter.ts';
import {
  findMailMergeForCaller,
  findMergeRows,
  findRecentMailMerges,
  insertMailMerge,
} from './mail-merge.repository.ts';
import {
  emailOfRow,
  mergeLanguage,
  resolveRow,
  type KuvertUser,
  type MergeContext,
  type MergeMapping,
} from './mail-merge-rows.ts';

export type MailMergeDefinition = z.output<typeof mailMergeDefinitionSchema>;

/** What a merge keeps besides the definition: the CSV's header and key, as read at the start. */
export const storedDefinitionSchema = mailMergeDefinitionSchema.extend({
  columns: z.array(z.string()),
  csv_storage_key: z.string(),
  sender_user_id: z.string(),
});
export type StoredDefinition = z.output<typeof storedDefinitionSchema>;

const SAMPLE_ROWS = 10;
const RECENT_MERGES = 20;
/** E-mail addresses looked up at a time. */
const LOOKUP_BATCH = 500;

export async function inspectCsv(
  app: FastifyInstance,
  userId: string,
  request: MailMergeInspectRequest,
): Promise<MailMergeCsvInspection> {
  await assertAccountAction(app.db, userId, request.account_id, 'send');
  const upload = await findCsvUpload(app, request.account_id, request.upload_id);
  const { reading, header, rows } = await readMergeCsv(
    app,
    upload.storage_key,
    { encoding: request.encoding, delimiter: request.delimiter },
    'request',
    { fairnessKey: `account:${request.account_id}` },
  );
  return {
    detected_encoding: reading.detectedEncoding,
    detected_delimiter: reading.detectedDelimiter,
    encoding: reading.encoding,
    delimiter: reading.delimiter,
    columns: header,
    row_count: rows.length,
    sample_rows: rows.slice(0, SAMPLE_ROWS),
  };
}

/** The template's parts, or TEMPLATE_INVALID naming where (`source.subject`, line, column). */
export function parseSource(source: MailMergeDefinition['source']): {
  subject: TemplatePart[];
  body: TemplatePart[];
  placeholders: string[];
} {
  const parse = (field: 'subject' | 'body') => {
    const result = parseTemplate(source[field]);
    if (!result.ok) {
      throw new AppError('TEMPLATE_INVALID', {
        message:
          result.problem.kind === 'unclosed'
            ? `The ${field} has a placeholder that is not closed with }} (line ${result.line}, column ${result.column}).`
            : `The ${field} has an empty or invalid placeholder name (line ${result.line}, column ${result.column}).`,
        details: [
          {
            path: `source.${field}`,
            message: result.problem.kind,
            line: result.line,
            column: result.column,
          },
        ],
      });
    }
    return result;
  };
  const subject = parse('subject');
  const body = parse('body');
  const seen = new Set<string>();
  const placeholders = [...subject.placeholders, ...body.placeholders].filter((name) => {
    const key = placeholderKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { subject: subject.parts, body: body.parts, placeholders };
}

export function unmappedPlaceholders(
  placeholders: readonly string[],
  mapping: MergeMapping,
  columnCount: number,
): string[] {
  const mapped = new Set(
    Object.entries(mapping.placeholders)
      .filter(([, column]) => column < columnCount)
      .map(([name]) => placeholderKey(name)),
  );
  return placeholders.filter((name) => !mapped.has(placeholderKey(name)));
}

export function assertColumnsExist(mapping: MergeMapping, columnCount: number): void {
  if (mapping.fields.name === undefined) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'mapping.fields.name', message: 'Choose the column with the names' }],
    });
  }
  for (const [field, column] of Object.entries(mapping.fields)) {
    if (column !== undefined && column >= columnCount) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ path: `mapping.fields.${field}`, message: 'The CSV has no such column' }],
      });
    }
  }
}

export async function lookUpKuvertUsers(
  app: FastifyInstance,
  rows: readonly string[][],
  mapping: MergeMapping,
): Promise<Map<string, KuvertUser>> {
  const emails = [...new Set(rows.map((cells) => emailOfRow(cells, mapping)))].filter((email) =>
    email.includes('@'),
  );
  // The oldest personal account of each user (as the Sender API delivers).
  const oldest = new Map<string, { userId: string; accountId: string; createdAt: string }>();
  for (let start = 0; start < emails.length; start += LOOKUP_BATCH) {
    const found = await findMailboxesByEmail(app.db, emails.slice(start, start + LOOKUP_BATCH));
    for (const row of found) {
      const key = row.email.toLowerCase();
      const known = oldest.get(key);
      if (known && known.createdAt <= row.account_created_at) continue;
      oldest.set(key, {
        userId: row.user_id,
        accountId: row.account_id,
        createdAt: row.account_created_at,
      });
    }
  }
  const users = new Map<string, KuvertUser>();
  for (const [key, { userId, accountId }] of oldest) users.set(key, { userId, accountId });
  return users;
}

export function mergeContext(
  definition: MailMergeDefinition,
  parts: { subject: TemplatePart[]; body: TemplatePart[] },
  kuvertUsers: ReadonlyMap<string, KuvertUser>,
  sender: OutboundSender,
): MergeContext {
  return {
    mapping: definition.mapping,
    subject: parts.subject,
    body: parts.body,
    kuvertUsers,
    sender: { country: sender.address?.country ?? DEFAULT_COUNTRY, language: sender.language },
    language: sender.language,
  };
}

/** The source document (a PDF upload of the account), checked as an attachment would be. */
export async function sourceDocument(app: FastifyInstance, definition: MailMergeDefinition) {
  if (definition.source.kind !== 'document') return undefined;
  const [upload] = await findUploadsToAttach(app, definition.account_id, [
    definition.source.upload_id,
  ]);
  if (upload?.contentType !== 'application/pdf') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'A mail merge sends a PDF: choose a PDF upload.',
      details: [{ path: 'source.upload_id', message: 'Not a PDF' }],
    });
  }
  return upload;
}

/**
 * Starts a merge: everything a person can fix is checked now (the template, the mapping, the
 * CSV, the sender's address when a row goes by post); the letters are written by the job.
 */
export async function startMailMerge(
  app: FastifyInstance,
  userId: string,
  definition: MailMergeDefinition,
): Promise<MailMerge> {
  await assertAccountAction(app.db, userId, definition.account_id, 'send');
  const parts = parseSource(definition.source);
  await sourceDocument(app, definition);
  const upload = await findCsvUpload(app, definition.account_id, definition.csv.upload_id);
  const { header, rows, storageKey } = await readMergeCsv(
    app,
    upload.storage_key,
    definition.csv,
    'request',
    { fairnessKey: `account:${definition.account_id}` },
  );
  assertColumnsExist(definition.mapping, header.length);
  const unmapped = unmappedPlaceholders(parts.placeholders, definition.mapping, header.length);
  if (unmapped.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Choose a column for each placeholder: ${unmapped.join(', ')}.`,
      details: [
        {
          path: 'mapping.placeholders',
          message: `No column for ${unmapped.join(', ')}`,
          i18n: 'mailMerge.unmappedPlaceholders',
          values: { names: unmapped.join(', ') },
        },
      ],
    });
  }
  const sender = await loadSender(app, userId, definition.account_id);
  // Asked of every row that has a postal address, whoever has an account: the answer may not
  // tell whether the rows' e-mail addresses are on Kuvert.
  if (sender.address === null) {
    const context = mergeContext(definition, parts, new Map(), sender);
    const mayGoByPost = rows.some(
      (cells, index) => resolveRow(index + 1, cells, context).recipient?.channel === 'postal',
    );
    if (mayGoByPost) throw new AppError('SENDER_ADDRESS_MISSING');
  }

  const now = app.clock.now().toISOString();
  const stored: StoredDefinition = {
    ...definition,
    columns: header,
    csv_storage_key: storageKey,
    sender_user_id: userId,
  };
  const row = {
    id: newId(app.clock.now().getTime()),
    account_id: definition.account_id,
    created_by_user_id: userId,
    status: 'running' as const,
    subject: definition.source.subject,
    definition: JSON.stringify(stored),
    total_rows: rows.length,
    processed_rows: 0,
    sent_rows: 0,
    failed_rows: 0,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
  await app.db.transaction().execute(async (trx) => {
    await insertMailMerge(trx, row);
    await app.jobs.enqueue(trx, {
      type: MAIL_MERGE_SEND_JOB,
      payload: { mail_merge_id: row.id },
      maxAttempts: 5,
    });
  });
  return toMailMerge(row);
}

export async function listMailMerges(
  app: FastifyInstance,
  userId: string,
  accountId: string | undefined,
): Promise<MailMergeList> {
  if (accountId !== undefined) await assertAccountAction(app.db, userId, accountId, 'read');
  const rows = await findRecentMailMerges(app.db, userId, accountId, RECENT_MERGES);
  const deliveries = await countDeliveriesOfMerges(
    app,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toMailMerge(row, deliveries.get(row.id))) };
}

async function mergeOfCaller(app: FastifyInstance, userId: string, id: string) {
  const merge = await findMailMergeForCaller(app.db, userId, id);
  if (!merge) throw new AppError('NOT_FOUND');
  assertCan(merge.role, 'read');
  return merge;
}

export async function getMailMerge(
  app: FastifyInstance,
  userId: string,
  id: string,
): Promise<MailMerge> {
  const merge = await mergeOfCaller(app, userId, id);
  const deliveries = await countDeliveriesOfMerges(app, [merge.id]);
  return toMailMerge(merge, deliveries.get(merge.id));
}

export async function listMergeRows(
  app: FastifyInstance,
  userId: string,
  id: string,
  query: { status?: 'sent' | 'failed'; cursor?: string; limit: number },
): Promise<MailMergeRowPage> {
  await mergeOfCaller(app, userId, id);
  const after = query.cursor === undefined ? undefined : Number.parseInt(query.cursor, 10);
  if (after !== undefined && !Number.isSafeInteger(after)) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'cursor', message: 'Not a cursor of this list' }],
    });
  }
  const rows = await findMergeRows(app.db, id, {
    status: query.status,
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const deliveries = await findLetterDeliveries(
    app,
    page.flatMap((row) => (row.letter_id === null ? [] : [row.letter_id])),
  );
  return {
    items: page.map((row) =>
      toMailMergeRow(row, row.letter_id === null ? undefined : deliveries.get(row.letter_id)),
    ),
    next_cursor: rows.length > query.limit && last ? String(last.row_number) : null,
  };
}

/** The failed-rows report's own words (exported for the test that none is left in English). */
export const failedRowsWords: Record<Language, { reasonHeader: string; fileBase: string }> = {
  en: { reasonHeader: 'Reason', fileBase: 'failed-rows' },
  de: { reasonHeader: 'Grund', fileBase: 'fehlgeschlagene-zeilen' },
  sv: { reasonHeader: 'Orsak', fileBase: 'misslyckade-rader' },
  da: { reasonHeader: 'Årsag', fileBase: 'mislykkede-rækker' },
  nb: { reasonHeader: 'Årsak', fileBase: 'mislykkede-rader' },
};

/**
 * The failed rows as a CSV to fix and upload again: the original header and cells and a
 * reason column; UTF-8 with a byte order mark and `;`, every cell guarded against formulas.
 */
export async function failedRowsCsv(
  app: FastifyInstance,
  userId: string,
  id: string,
): Promise<{ filename: string; content: string }> {
  const merge = await mergeOfCaller(app, userId, id);
  const definition = storedDefinitionSchema.parse(JSON.parse(merge.definition));
  const caller = await findUserContact(app.db, userId);
  const words = failedRowsWords[mergeLanguage(caller?.language ?? 'en')];
  const table: string[][] = [[...definition.columns, words.reasonHeader]];
  let after: number | undefined;
  for (;;) {
    const rows = await findMergeRows(app.db, id, { status: 'failed', after, limit: 1000 });
    for (const row of rows) {
      const cells = z
        .array(z.string())
        .catch([])
        .parse(JSON.parse(row.cells ?? '[]'));
      const padded = definition.columns.map((_, index) => cells[index] ?? '');
      table.push([...padded, row.failure_reason ?? '']);
    }
    if (rows.length < 1000) break;
    after = rows.at(-1)?.row_number;
  }
  return { filename: `${words.fileBase}-${id.slice(0, 8)}.csv`, content: writeCsv(table) };
}
