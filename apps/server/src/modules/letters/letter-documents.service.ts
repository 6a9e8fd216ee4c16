import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { parseRange, type ParsedRange } from '../../plugins/content-disposition.ts';
import { findDocumentForUser } from './letters.repository.ts';

export interface DocumentContent {
  filename: string;
  contentType: string;
  size: number;
  etag: string;
  /** The bytes sent: all of them, or the requested range. */
  range: ParsedRange | undefined;
  stream: Readable;
}

/**
 * A letter's document for a caller who may see the letter (membership in the query; 404
 * otherwise). `rangeHeader` is honoured for a single range, so viewers can fetch pages of a
 * big PDF; an unsatisfiable one answers 416.
 */
export async function openLetterDocument(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  documentId: string,
  rangeHeader: string | undefined,
): Promise<DocumentContent | { unsatisfiable: true; size: number }> {
  const document = await findDocumentForUser(app.db, userId, letterId, documentId);
  if (!document) throw new AppError('NOT_FOUND');
  const size = Number(document.size);
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') return { unsatisfiable: true, size };
  return {
    filename: document.filename,
    contentType: document.content_type,
    size,
    etag: `"${document.storage_key}"`,
    range,
    stream: await app.documents.open(document.storage_key, range),
  };
}
