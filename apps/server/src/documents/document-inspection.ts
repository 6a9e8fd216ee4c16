import type { FastifyInstance } from 'fastify';
import { AppError } from '../plugins/app-error.ts';
import type { UploadedFile } from '../plugins/multipart-reader.ts';
import {
  ProcessingError,
  type ActiveContentKind,
  type QueueOptions,
} from '../plugins/processing/document-processing.ts';

export interface InspectedFile extends UploadedFile {
  /** Known for PDFs once inspected; null for images. */
  pageCount: number | null;
  isEncrypted: boolean;
}

const activeContentNames: Record<ActiveContentKind, string> = {
  javascript: 'JavaScript',
  launch: 'actions that open programs or other files',
  embedded_files: 'embedded files',
  xfa: 'an XFA form',
  rich_media: 'rich media',
};

/** The active content of a PDF in words: "JavaScript and embedded files". */
export function describeActiveContent(kinds: ActiveContentKind[]): string {
  const names = kinds.map((kind) => activeContentNames[kind]);
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
    : (names[0] ?? '');
}

/**
 * Opens every PDF of a request in the processing pool's delivery lane (taking turns by
 * `queue.fairnessKey` with other senders) before anything refers to it: a PDF is
 * a PDF when it parses as one (within the pool's limits), and one with active content is
 * refused, never altered (README, "Hostile documents"). Images were already judged by their
 * bytes. The caller discards the stored files when this throws.
 */
export async function inspectUploadedDocuments(
  app: FastifyInstance,
  files: UploadedFile[],
  path: string,
  queue: QueueOptions = {},
): Promise<InspectedFile[]> {
  const inspected: InspectedFile[] = [];
  for (const file of files) {
    if (file.contentType !== 'application/pdf') {
      inspected.push({ ...file, pageCount: null, isEncrypted: false });
      continue;
    }
    const bytes = await app.documents.read(file.key);
    const inspection = await app.processing.inspectPdf(bytes, queue).catch((error: unknown) => {
      if (!(error instanceof ProcessingError)) throw error;
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        message: `“${file.filename}” is not a PDF Kuvert can read (${error.reason}).`,
        details: [{ path, filename: file.filename, message: error.message }],
      });
    });
    if (inspection.activeContent.length > 0) {
      throw new AppError('DOCUMENT_ACTIVE_CONTENT', {
        message: `“${file.filename}” contains ${describeActiveContent(inspection.activeContent)}, which Kuvert does not accept. Send the PDF without active content.`,
        details: [{ path, filename: file.filename, active_content: inspection.activeContent }],
      });
    }
    inspected.push({
      ...file,
      pageCount: inspection.pageCount,
      isEncrypted: inspection.isEncrypted,
    });
  }
  return inspected;
}
