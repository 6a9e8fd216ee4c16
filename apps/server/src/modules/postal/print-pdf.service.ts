import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { parseRange } from '../../plugins/content-disposition.ts';
import type { SendableDocument } from '../../plugins/send-document.ts';
import { findPrintPdfForUser } from '../letters/postal-recipients.service.ts';

/** "Letter to Łukasz Żółkiewski.pdf": a name safe in every file system. */
function filenameOf(recipientName: string): string {
  const name = recipientName
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 80);
  return `${name || 'Letter'}.pdf`;
}

/**
 * The print-ready PDF of a postal recipient, for a member of the sending account (anybody
 * else, and a recipient not yet rendered, is not found). A single range is honoured.
 */
export async function openPrintPdf(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  recipientId: string,
  rangeHeader: string | undefined,
): Promise<SendableDocument | { unsatisfiable: true; size: number }> {
  const row = await findPrintPdfForUser(app.db, userId, letterId, recipientId);
  if (!row?.print_storage_key) throw new AppError('NOT_FOUND');
  const bytes = await app.documents.read(row.print_storage_key);
  const range = parseRange(rangeHeader, bytes.length);
  if (range === 'unsatisfiable') return { unsatisfiable: true, size: bytes.length };
  const body = range ? bytes.subarray(range.start, range.end + 1) : bytes;
  return {
    filename: filenameOf(row.name),
    contentType: 'application/pdf',
    size: bytes.length,
    etag: `"${row.print_storage_key}"`,
    range,
    stream: Readable.from([body]),
  };
}
