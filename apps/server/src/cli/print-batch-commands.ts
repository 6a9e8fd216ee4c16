import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  downloadPrintBatch,
  listPrintBatches,
  markPrintBatchRecipientFailed,
  markPrintBatchSent,
} from '../modules/postal/print-batches.service.ts';
// A type-only import: run-cli.ts imports this file's commands, so no runtime cycle arises.
import type { CliCommand } from './run-cli.ts';
import { UsageError } from './usage-error.ts';

/** Letters of the built-in postal channel, for the operator who prints and posts them. */

function oneBatchId(positionals: string[]): string {
  const [batchId] = positionals;
  if (positionals.length !== 1 || !batchId) throw new UsageError('expected one batch id');
  return batchId;
}

const printBatchesList: CliCommand = {
  words: ['print-batches', 'list'],
  usage:
    'print-batches list\n' +
    '      The print batches, newest first: id, status (open, downloaded, sent), letters,\n' +
    '      pages and when the batch began. Rendered postal letters join the open batch.',
  async run(app, args, io) {
    if (args.length > 0) throw new UsageError('expected no arguments');
    const batches = await listPrintBatches(app);
    if (batches.length === 0) {
      io.out('No print batches yet: a batch begins with the first postal letter.');
      return 0;
    }
    io.out(['id', 'status', 'letters', 'pages', 'created'].join('  '));
    for (const batch of batches) {
      io.out(
        [batch.id, batch.status.padEnd(10), batch.letters, batch.pages, batch.created_at].join(
          '  ',
        ),
      );
    }
    return 0;
  },
};

const printBatchesDownload: CliCommand = {
  words: ['print-batches', 'download'],
  usage:
    'print-batches download <batch-id> [--out FILE]\n' +
    '      Write the batch as one PDF to print (default print-batch-<id>.pdf). Closes an open\n' +
    '      batch (the next letter starts a new one) and marks its letters printed.',
  async run(app, args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { out: { type: 'string' } },
    });
    const batchId = oneBatchId(positionals);
    const out = path.resolve(values.out ?? `print-batch-${batchId}.pdf`);
    const batch = await downloadPrintBatch(app, batchId);
    // Written beside and renamed: a half-written file never looks like a batch.
    const partial = `${out}.part`;
    await writeFile(partial, batch.bytes);
    await rename(partial, out);
    io.out(`Wrote ${batch.letters} letters (${batch.pages} pages) to ${out}.`);
    return 0;
  },
};

const printBatchesMarkSent: CliCommand = {
  words: ['print-batches', 'mark-sent'],
  usage:
    'print-batches mark-sent <batch-id>\n' +
    '      The downloaded batch was posted: its printed letters become sent.',
  async run(app, args, io) {
    const batchId = oneBatchId(parseArgs({ args, allowPositionals: true }).positionals);
    const count = await markPrintBatchSent(app, batchId);
    io.out(`Marked ${count} letters of batch ${batchId} sent.`);
    return 0;
  },
};

const printBatchesMarkFailed: CliCommand = {
  words: ['print-batches', 'mark-failed'],
  usage:
    'print-batches mark-failed <batch-id> --recipient <recipient-id> --reason TEXT\n' +
    '      One letter of the batch could not be printed or posted; its sender reads the reason.',
  async run(app, args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { recipient: { type: 'string' }, reason: { type: 'string' } },
    });
    const batchId = oneBatchId(positionals);
    const recipientId = values.recipient?.trim();
    const reason = values.reason?.trim();
    if (!recipientId) throw new UsageError('--recipient is required');
    if (!reason) throw new UsageError('--reason is required');
    await markPrintBatchRecipientFailed(app, batchId, recipientId, reason.slice(0, 500));
    io.out(`Marked recipient ${recipientId} of batch ${batchId} failed.`);
    return 0;
  },
};

export const printBatchCommands: CliCommand[] = [
  printBatchesList,
  printBatchesDownload,
  printBatchesMarkSent,
  printBatchesMarkFailed,
];
