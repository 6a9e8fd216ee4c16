import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import {
  countBatchRecipients,
  findBatchRecipient,
  findBatchRecipients,
  moveBatchRecipients,
} from '../letters/postal-recipients.service.ts';
import { closeBatch, findAllBatches, findBatch, markBatchSent } from './postal.repository.ts';
import { refreshLetterDeliveryStatus } from '../letters/letter-delivery.service.ts';
import { announceLetterChanges, failPostalRecipients } from './postal-status.service.ts';

/**
 * The operator's side of the built-in postal channel (`kuvert print-batches …`): batches are
 * listed, downloaded as one PDF to print (which closes the batch and makes its letters
 * `printed`; the next letter starts a new batch), then marked sent, or a letter marked failed.
 */

export interface PrintBatchSummary {
  id: string;
  status: string;
  created_at: string;
  letters: number;
  pages: number;
}

/** Every batch, newest first, with how many letters it holds and how many pages they print. */
export async function listPrintBatches(app: FastifyInstance): Promise<PrintBatchSummary[]> {
  const batches = await findAllBatches(app.db);
  const counts = await countBatchRecipients(
    app.db,
    batches.map((batch) => batch.id),
  );
  return batches.map((batch) => ({
    ...batch,
    letters: counts.get(batch.id)?.letters ?? 0,
    pages: counts.get(batch.id)?.pages ?? 0,
  }));
}

async function requireBatch(app: FastifyInstance, batchId: string) {
  const batch = await findBatch(app.db, batchId);
  if (!batch) throw new AppError('NOT_FOUND', { message: `No print batch ${batchId}.` });
  return batch;
}

export interface DownloadedBatch {
  bytes: Uint8Array;
  letters: number;
  pages: number;
}

/**
 * One PDF of the batch's letters in the order they joined it. An open batch is closed first
 * (on PostgreSQL the close waits for a letter being added to it, so that letter is in the
 * file); its letters become `printed`. A batch downloaded before is downloaded again as it was.
 */
export async function downloadPrintBatch(
  app: FastifyInstance,
  batchId: string,
): Promise<DownloadedBatch> {
  await requireBatch(app, batchId);
  const now = app.clock.now().toISOString();
  await app.db.transaction().execute((trx) => closeBatch(trx, batchId, now));
  const recipients = (await findBatchRecipients(app.db, batchId)).filter(
    (recipient) => recipient.print_storage_key !== null && recipient.status !== 'failed',
  );
  if (recipients.length === 0) {
    throw new AppError('NOT_FOUND', {
      message: `Print batch ${batchId} holds no letters to print.`,
    });
  }
  const documents: Uint8Array[] = [];
  for (const recipient of recipients) {
    documents.push(new Uint8Array(await app.documents.read(recipient.print_storage_key ?? '')));
  }
  const combined = await app.processing.combinePrintedLetters(documents);
  const letterIds = await app.db.transaction().execute(async (trx) => {
    const moved = await moveBatchRecipients(trx, batchId, 'queued', 'printed', now);
    await refreshLetterDeliveryStatus(trx, moved);
    return moved;
  });
  await announceLetterChanges(app, letterIds);
  return { bytes: combined.bytes, letters: recipients.length, pages: combined.pageCount };
}

/** The operator posted the batch: its printed letters become `sent`. */
export async function markPrintBatchSent(app: FastifyInstance, batchId: string): Promise<number> {
  const batch = await requireBatch(app, batchId);
  if (batch.status === 'open') {
    throw new AppError('CONFLICT', {
      message: `Print batch ${batchId} is still open: download it and print it first.`,
    });
  }
  const now = app.clock.now().toISOString();
  const { letterIds, count } = await app.db.transaction().execute(async (trx) => {
    const before = await findBatchRecipients(trx, batchId);
    const moved = await moveBatchRecipients(trx, batchId, 'printed', 'sent', now);
    await markBatchSent(trx, batchId, now);
    await refreshLetterDeliveryStatus(trx, moved);
    return { letterIds: moved, count: before.filter((row) => row.status === 'printed').length };
  });
  await announceLetterChanges(app, letterIds);
  return count;
}

/** One letter of the batch could not be printed or posted: it fails with `reason`. */
export async function markPrintBatchRecipientFailed(
  app: FastifyInstance,
  batchId: string,
  recipientId: string,
  reason: string,
): Promise<void> {
  await requireBatch(app, batchId);
  const recipient = await findBatchRecipient(app.db, batchId, recipientId);
  if (!recipient) {
    throw new AppError('NOT_FOUND', {
      message: `Recipient ${recipientId} is not in print batch ${batchId}.`,
    });
  }
  if (recipient.status === 'failed') return;
  await failPostalRecipients(app, [recipientId], reason, ['queued', 'printed', 'sent']);
}
