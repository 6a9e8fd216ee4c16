import { z } from 'zod';
import {
  activeContentKinds,
  type DocumentLimits,
  type PdfInspection,
  type PdfText,
} from './tasks.ts';
import { createProcessingPool, type PoolLogger } from './pool.ts';

export { ProcessingPoolClosedError } from './pool.ts';
export { ProcessingError } from './tasks.ts';
export type { ActiveContentKind, PdfInspection, PdfText } from './tasks.ts';

/** Enough for search over any real letter; stops a huge scanned archive filling a row. */
export const PDF_TEXT_MAX_CHARS = 1_000_000;
/** A check while a request waits (a delivery, a reply) never takes longer than this. */
const INTERACTIVE_TIMEOUT_MS = 15_000;

export interface ProcessingSettings {
  /** Children reading documents in the background (text extraction, later OCR). */
  workers: number;
  memoryMb: number;
  timeoutSeconds: number;
  maxPages: number;
  maxInflatedMb: number;
}

/**
 * The one place where untrusted documents are opened (DESIGN §4). Checks a request waits for
 * run in their own small pool, so a long extraction never delays a delivery.
 */
export interface DocumentProcessing {
  /** Parses the PDF and lists its active content; ProcessingError when it is not a readable PDF. */
  inspectPdf(bytes: Uint8Array): Promise<PdfInspection>;
  /** Its text, within the limits; ProcessingError names the limit it broke. */
  extractPdfText(bytes: Uint8Array): Promise<PdfText>;
  close(): Promise<void>;
}

const pdfInspectionSchema = z.object({
  pageCount: z.number().int().nonnegative(),
  activeContent: z.array(z.enum(activeContentKinds)),
});
const pdfTextSchema = z.object({ pageCount: z.number().int().nonnegative(), text: z.string() });

export function createDocumentProcessing(
  settings: ProcessingSettings,
  log: PoolLogger,
): DocumentProcessing {
  const limits: DocumentLimits = {
    maxPages: settings.maxPages,
    maxInflatedBytes: settings.maxInflatedMb * 1024 * 1024,
    maxTextChars: PDF_TEXT_MAX_CHARS,
  };
  const timeoutMs = settings.timeoutSeconds * 1000;
  const interactive = createProcessingPool({
    name: 'interactive',
    size: 1,
    memoryMb: settings.memoryMb,
    timeoutMs: Math.min(timeoutMs, INTERACTIVE_TIMEOUT_MS),
    log,
  });
  const background = createProcessingPool({
    name: 'background',
    size: settings.workers,
    memoryMb: settings.memoryMb,
    timeoutMs,
    log,
  });

  return {
    async inspectPdf(bytes): Promise<PdfInspection> {
      const output = await interactive.run({ task: 'pdf.inspect', input: { bytes, limits } });
      return pdfInspectionSchema.parse(output);
    },
    async extractPdfText(bytes): Promise<PdfText> {
      const output = await background.run({ task: 'pdf.extract', input: { bytes, limits } });
      return pdfTextSchema.parse(output);
    },
    async close() {
      await Promise.all([interactive.close(), background.close()]);
    },
  };
}
