import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { parseRange, type ParsedRange } from '../../plugins/content-disposition.ts';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import {
  findDocumentForUser,
  findNextDocumentPositions,
  insertLetterDocuments,
} from './letters.repository.ts';

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

/**
 * Adds the sealed copy of a signature request beside the originals of each letter (role
 * `sealed`), in the caller's transaction, named per letter (in its recipient's language). Its
 * text is the originals' and is not read again.
 */
export async function addSealedDocument(
  db: Kysely<Database>,
  letterIds: string[],
  document: {
    filenameOf: (letterId: string) => string;
    key: string;
    size: number;
    pageCount: number;
    nowIso: string;
  },
): Promise<void> {
  const positions = await findNextDocumentPositions(db, letterIds);
  await insertLetterDocuments(
    db,
    letterIds.map((letterId) => ({
      id: newId(Date.parse(document.nowIso)),
      letter_id: letterId,
      position: positions.get(letterId) ?? 0,
      filename: document.filenameOf(letterId),
      content_type: 'application/pdf',
      size: document.size,
      storage_key: document.key,
      page_count: document.pageCount,
      text: null,
      extracted_at: null,
      text_status: 'not_applicable' as const,
      text_failure: null,
      role: 'sealed' as const,
      created_at: document.nowIso,
    })),
  );
}
