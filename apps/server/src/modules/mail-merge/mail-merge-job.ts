import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { MailMergeStatus } from '@kuvert/shared/mail-merge';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { PermanentJobError } from '../../plugins/jobs.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import {
  announceOutboundLetters,
  writeOutboundLetters,
  type OutboundLetter,
} from '../outbox/outbound-letter-writes.service.ts';
import {
  loadSender,
  type OutboundDocument,
  type OutboundSender,
} from '../outbox/outbound-letters.service.ts';
import { readMergeCsv } from './mail-merge-csv.ts';
import { MAIL_MERGE_SEND_JOB } from './mail-merge-job-types.ts';
import { mergeLanguage, noReturnAddressMessages, reasonOf, resolveRow } from './mail-merge-rows.ts';
import {
  countMergeRows,
  findMailMergeById,
  findRecordedRowNumbers,
} from './mail-merge.repository.ts';
import {
  lookUpKuvertUsers,
  mergeContext,
  parseSource,
  sourceDocument,
  storedDefinitionSchema,
  type StoredDefinition,
} from './mail-merge.service.ts';

/** Rows written in one transaction: few enough to keep it short, many enough to be quick. */
export const MAIL_MERGE_CHUNK_ROWS = 500;
/** `mail_merge.progress` at most this often (the last one always). */
const PROGRESS_INTERVAL_MS = 250;

const payloadSchema = z.object({ mail_merge_id: z.string() });

/**
 * Sends a merge's letters: the CSV is read again (in the processing pool), each row resolved
 * and its letter written with `writeOutboundLetters`, a chunk of rows per transaction with the
 * rows' results and the counters. Rows already recorded are skipped, so a job that died
 * mid-way (the process stopped) continues where the last chunk committed.
 */
async function sendMailMerge(app: FastifyInstance, payload: unknown): Promise<void> {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('Malformed job payload');
  const merge = await findMailMergeById(app.db, parsed.data.mail_merge_id);
  if (!merge || merge.status !== 'running') return;
  const definition = storedDefinitionSchema.parse(JSON.parse(merge.definition));

  let prepared;
  try {
    prepared = await prepare(app, definition);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The CSV, the document or the sender's membership went away: nothing can be sent.
    await finish(app, merge.id, merge.account_id, 'failed', error.message);
    throw new PermanentJobError(error.message, { cause: error });
  }
  const { rows, sender, documents, parts } = prepared;
  const recorded = await findRecordedRowNumbers(app.db, merge.id);
  const counts = await countMergeRows(app.db, merge.id);
  let sent = counts.sent;
  let failed = counts.failed;
  let lastPublished = 0;

  for (let start = 0; start < rows.length; start += MAIL_MERGE_CHUNK_ROWS) {
    const chunk = rows
      .slice(start, start + MAIL_MERGE_CHUNK_ROWS)
      .map((cells, index) => ({ row: start + index + 1, cells }))
      .filter(({ row }) => !recorded.has(row));
    if (chunk.length === 0) continue;
    const kuvertUsers = await lookUpKuvertUsers(
      app,
      chunk.map(({ cells }) => cells),
      definition.mapping,
    );
    const context = mergeContext(definition, parts, kuvertUsers, sender);
    const nowMs = app.clock.now().getTime();
    const nowIso = new Date(nowMs).toISOString();
    const letters: OutboundLetter[] = [];
    const results = chunk.map(({ row, cells }) => {
      const resolved = resolveRow(row, cells, context);
      const { recipient } = resolved;
      // The sender's address was removed after the start: a letter by post has no return line.
      if (recipient?.channel === 'postal' && sender.address === null) {
        resolved.problems.push({
          path: 'address',
          message: noReturnAddressMessages[mergeLanguage(sender.language)],
        });
      }
      if (recipient === null || resolved.problems.length > 0) {
        return {
          mail_merge_id: merge.id,
          row_number: row,
          status: 'failed' as const,
          letter_id: null,
          channel: null,
          recipient_name: resolved.name,
          failure_reason: reasonOf(resolved.problems),
          cells: JSON.stringify(cells),
        };
      }
      const letterId = newId(nowMs);
      letters.push({
        id: letterId,
        sender,
        subject: resolved.subject,
        body: resolved.body,
        documents,
        recipients: [
          recipient.channel === 'kuvert'
            ? {
                channel: 'kuvert',
                email: recipient.email,
                userId: recipient.user.userId,
                accountId: recipient.user.accountId,
                name: recipient.name,
                contactId: null,
              }
            : { channel: 'postal', address: recipient.address, contactId: null },
        ],
        mailMergeId: merge.id,
      });
      return {
        mail_merge_id: merge.id,
        row_number: row,
        status: 'sent' as const,
        letter_id: letterId,
        channel: recipient.channel,
        recipient_name: resolved.name,
        failure_reason: null,
        cells: null,
      };
    });
    const chunkSent = letters.length;
    const chunkFailed = results.length - chunkSent;
    const written = await app.db.transaction().execute(async (trx) => {
      const output = await writeOutboundLetters(app, trx, letters, nowIso);
      await trx.insertInto('mail_merge_rows').values(results).execute();
      await trx
        .updateTable('mail_merges')
        .set({
          processed_rows: sql`processed_rows + ${results.length}`,
          sent_rows: sql`sent_rows + ${chunkSent}`,
          failed_rows: sql`failed_rows + ${chunkFailed}`,
          updated_at: nowIso,
        })
        .where('id', '=', merge.id)
        .execute();
      return output;
    });
    sent += chunkSent;
    failed += chunkFailed;
    await announceOutboundLetters(app, written);
    if (Date.now() - lastPublished >= PROGRESS_INTERVAL_MS) {
      lastPublished = Date.now();
      await publishLiveEvent(app, {
        type: 'mail_merge.progress',
        account_id: merge.account_id,
        mail_merge_id: merge.id,
        status: 'running',
        processed_rows: sent + failed,
        total_rows: merge.total_rows,
      });
    }
  }
  await finish(app, merge.id, merge.account_id, 'done', null);
}

async function prepare(app: FastifyInstance, definition: StoredDefinition) {
  const sender: OutboundSender = await loadSender(
    app,
    definition.sender_user_id,
    definition.account_id,
  );
  const parts = parseSource(definition.source);
  const document = await sourceDocument(app, definition);
  const documents: OutboundDocument[] = document ? [document] : [];
  const { rows } = await readMergeCsv(app, definition.csv_storage_key, definition.csv, 'job');
  return { rows, sender, documents, parts };
}

async function finish(
  app: FastifyInstance,
  id: string,
  accountId: string,
  status: MailMergeStatus,
  reason: string | null,
): Promise<void> {
  const now = app.clock.now().toISOString();
  await app.db
    .updateTable('mail_merges')
    .set({ status, failure_reason: reason, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
  const merge = await findMailMergeById(app.db, id);
  await publishLiveEvent(app, {
    type: 'mail_merge.progress',
    account_id: accountId,
    mail_merge_id: id,
    status,
    processed_rows: Number(merge?.processed_rows ?? 0),
    total_rows: Number(merge?.total_rows ?? 0),
  });
}

export function registerMailMergeJobs(app: FastifyInstance): void {
  app.jobs.register(MAIL_MERGE_SEND_JOB, (payload) => sendMailMerge(app, payload), {
    onGiveUp: async (payload, reason) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const merge = await findMailMergeById(app.db, parsed.data.mail_merge_id);
      if (merge?.status !== 'running') return;
      await finish(app, merge.id, merge.account_id, 'failed', reason);
    },
  });
}
