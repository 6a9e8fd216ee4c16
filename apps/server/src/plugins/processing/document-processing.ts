import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  csvDelimiterSchema,
  csvEncodingSchema,
  uploadTableSchema,
  type CsvDelimiter,
  type CsvEncoding,
  type UploadTable,
} from '@kuvert/shared/uploads';
import {
  activeContentKinds,
  type CsvReading,
  type DecodedTextFile,
  type DocumentLimits,
  type FormPdfInput,
  type ImageContentType,
  type PdfInspection,
  type PdfText,
  type PrintedLetter,
  type PrintLetterInput,
  type SealedDocument,
  type SealInput,
  type SignatureInspection,
  type Thumbnail,
  type ThumbnailSourceType,
} from './tasks.ts';
import { createProcessingPool, type PoolLogger, type RunOptions } from './pool.ts';

export { ProcessingPoolClosedError } from './pool.ts';
/** Which account or provider a task is for: tasks of one key take turns with other keys'. */
export type QueueOptions = RunOptions;
export { imageContentTypes, ProcessingError } from './tasks.ts';
export type {
  ActiveContentKind,
  CsvReading,
  DecodedTextFile,
  FormPdfField,
  FormPdfInput,
  FormPdfSection,
  ImageContentType,
  PdfInspection,
  PdfText,
  PrintAttachmentType,
  PrintedLetter,
  PrintLetterInput,
  InspectedSignature,
  SealedDocument,
  SealInput,
  SealKey,
  SealSigner,
  SignatureInspection,
  Thumbnail,
  ThumbnailSourceType,
} from './tasks.ts';

/** Enough for search over any real letter; stops a huge scanned archive filling a row. */
export const PDF_TEXT_MAX_CHARS = 1_000_000;
/** Larger images are refused from their header, before decoding (a decompression bomb). */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Pages of a scanned PDF read by OCR; later pages keep no text (`pagesNotRead` says so). */
export const OCR_MAX_PAGES = 20;
/** No further page of one document is started by OCR after this long. */
const OCR_DOCUMENT_BUDGET_MS = 5 * 60_000;
/** A check while a request waits (a delivery, a reply) never takes longer than this. */
const INTERACTIVE_TIMEOUT_MS = 15_000;
/** Imports are rare: the imports lane's child gives its memory back soon after. */
const IMPORTS_IDLE_MS = 15_000;
/** Below the other children's 10: a busy import yields the CPU to a delivery's check. */
const IMPORTS_NICENESS = 15;

export interface ProcessingSettings {
  /** Children reading documents in the background (text extraction, later OCR). */
  workers: number;
  memoryMb: number;
  timeoutSeconds: number;
  maxPages: number;
  maxInflatedMb: number;
}

/**
 * The one place where untrusted documents are opened (DESIGN §4), in lanes that share no
 * queue: the checks a delivery or a reply waits for (`delivery`), the CSVs and vCards a user
 * imports (`imports`), background reading, OCR, sealing, verifying and printing. A long
 * extraction or a user's import never delays a provider's delivery; within a lane, tasks
 * with a fairness key (QueueOptions) take turns by key.
 */
export interface DocumentProcessing {
  /** Parses the PDF and lists its active content; ProcessingError when it is not a readable PDF. */
  inspectPdf(bytes: Uint8Array, queue?: QueueOptions): Promise<PdfInspection>;
  /** As inspectPdf, for a PDF a user uploads: in the imports lane, never delaying a delivery. */
  inspectUploadedPdf(bytes: Uint8Array, queue?: QueueOptions): Promise<PdfInspection>;
  /** Its text, within the limits; ProcessingError names the limit it broke. */
  extractPdfText(bytes: Uint8Array): Promise<PdfText>;
  /** A small WebP (at most 400 px wide) of an image, or of a PDF's first page. */
  makeThumbnail(bytes: Uint8Array, contentType: ThumbnailSourceType): Promise<Thumbnail>;
  /**
   * OCR in German and English of an image (one page), or of a PDF's pages rendered as scans:
   * `pages` (numbered from 1) or else all of them, at most OCR_MAX_PAGES. One document's pages
   * at a time, in a pool of its own, so OCR never holds up the reading of letters.
   */
  recognizeText(
    bytes: Uint8Array,
    contentType: ThumbnailSourceType,
    options?: { pages?: number[] },
  ): Promise<RecognisedText>;
  /**
   * A text file's text, cut at PDF_TEXT_MAX_CHARS, in `encoding` (detected when not given);
   * with `detectDelimiter`, a CSV's delimiter too.
   */
  decodeText(bytes: Uint8Array, options: DecodeTextFileOptions): Promise<DecodedTextFile>;
  /** The first rows of a CSV (or the start of one, `isComplete: false`), in the imports lane. */
  previewCsv(
    bytes: Uint8Array,
    options: CsvPreviewOptions,
    queue?: QueueOptions,
  ): Promise<UploadTable>;
  /** The cards of a vCard file, while a request waits; `truncated` past `maxCards`. */
  readVcards(bytes: Uint8Array, maxCards: number, queue?: QueueOptions): Promise<VcardCards>;
  /**
   * A whole CSV (a mail merge's recipients), at most `maxRows` rows: for a request that waits
   * (`request`, the imports lane) or for a background job (`job`, the background lane).
   */
  readCsv(
    bytes: Uint8Array,
    options: CsvReadOptions,
    caller?: 'request' | 'job',
    queue?: QueueOptions,
  ): Promise<CsvReading>;
  /**
   * Seals a completed or declined signature request (see SealInput): composed in a child of
   * its own, signed here (the key never reaches a child); ProcessingError when an original
   * breaks a limit.
   */
  sealDocuments(input: SealInput): Promise<SealedDocument>;
  /**
   * The print-ready PDF of a postal letter, attachments appended, in a child of its own;
   * ProcessingError when an attachment cannot be printed (encrypted, broken, over a limit).
   */
  printLetter(input: Omit<PrintLetterInput, 'limits'>): Promise<PrintedLetter>;
  /** Print PDFs (each from `printLetter`) as one, in order: a batch for the printer. */
  combinePrintedLetters(documents: Uint8Array[]): Promise<PrintedLetter>;
  /**
   * The PDF of a form submission, in the printing child (fonts are loaded there already);
   * ProcessingError when it would break a limit (more pages than allowed).
   */
  renderFormPdf(input: Omit<FormPdfInput, 'limits'>): Promise<PrintedLetter>;
  /**
   * Every signature in any PDF, checked (the verify page, in a lane of its own);
   * ProcessingError when not a PDF, also when it holds no signature.
   */
  inspectSignatures(bytes: Uint8Array): Promise<SignatureInspection>;
  close(): Promise<void>;
}

export interface RecognisedText {
  pageCount: number;
  /** What OCR read, page by page in order, for the pages it read. */
  pages: Array<{ number: number; text: string }>;
  /** Pages asked for but not read: past OCR_MAX_PAGES, or past the time one document may take. */
  pagesNotRead: number;
}

export interface DecodeTextFileOptions {
  encoding?: CsvEncoding;
  detectDelimiter: boolean;
}

export interface CsvPreviewOptions {
  /** False when `bytes` are only the start of the file: its last row may be cut. */
  isComplete: boolean;
  /** Detected when not given. */
  encoding?: CsvEncoding;
  delimiter?: CsvDelimiter;
  maxRows: number;
}

export interface CsvReadOptions {
  /** Detected when not given. */
  encoding?: CsvEncoding;
  delimiter?: CsvDelimiter;
  maxRows: number;
}

const csvReadingSchema = uploadTableSchema.extend({
  detectedEncoding: csvEncodingSchema,
  detectedDelimiter: csvDelimiterSchema,
});

const pdfInspectionSchema = z.object({
  pageCount: z.number().int().nonnegative(),
  activeContent: z.array(z.enum(activeContentKinds)),
  isEncrypted: z.boolean(),
});
const pdfTextSchema = z.object({ pageCount: z.number().int().nonnegative(), text: z.string() });
const recognisedPageSchema = pdfTextSchema;
const thumbnailSchema = z.object({
  bytes: z.instanceof(Uint8Array),
  contentType: z.literal('image/webp'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
const composedSealSchema = z.object({
  bytes: z.instanceof(Uint8Array),
  pageCount: z.number().int().positive(),
  originalSha256: z.array(z.string().regex(/^[0-9a-f]{64}$/)),
});
const signatureInspectionSchema = z.object({
  signatures: z.array(
    z.object({
      subFilter: z.string().nullable(),
      certificatePem: z.string().nullable(),
      chainPems: z.array(z.string()),
      commonName: z.string().nullable(),
      organisation: z.string().nullable(),
      signedAt: z.string().nullable(),
      isDigestValid: z.boolean(),
      isSignatureValid: z.boolean(),
      coversWholeFile: z.boolean(),
      isPaddingIntact: z.boolean(),
      signedRevisionSha256: z.string().regex(/^[0-9a-f]{64}$/),
      signedBytesSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .nullable(),
      problem: z.string().nullable(),
    }),
  ),
});
const printedLetterSchema = z.object({
  bytes: z.instanceof(Uint8Array),
  pageCount: z.number().int().positive(),
});
const decodedTextSchema = z.object({
  encoding: csvEncodingSchema,
  delimiter: csvDelimiterSchema.nullable(),
  text: z.string(),
});

const vcardCardsSchema = z.object({
  cards: z.array(
    z.object({
      name: z.string(),
      organisation: z.string(),
      email: z.string(),
      phone: z.string(),
      street: z.string(),
      postcode: z.string(),
      city: z.string(),
      country: z.string(),
      kuvertAddress: z.string(),
      notes: z.string(),
    }),
  ),
  truncated: z.boolean(),
});
export type VcardCards = z.infer<typeof vcardCardsSchema>;

function isImage(contentType: ThumbnailSourceType): contentType is ImageContentType {
  return contentType !== 'application/pdf';
}

export function createDocumentProcessing(
  settings: ProcessingSettings,
  log: PoolLogger,
): DocumentProcessing {
  const limits: DocumentLimits = {
    maxPages: settings.maxPages,
    maxInflatedBytes: settings.maxInflatedMb * 1024 * 1024,
    maxTextChars: PDF_TEXT_MAX_CHARS,
    maxPixels: IMAGE_MAX_PIXELS,
  };
  const timeoutMs = settings.timeoutSeconds * 1000;
  // What a provider's delivery or a reply waits for: nothing else ever queues here.
  const delivery = createProcessingPool({
    name: 'delivery',
    size: 1,
    memoryMb: settings.memoryMb,
    timeoutMs: Math.min(timeoutMs, INTERACTIVE_TIMEOUT_MS),
    log,
  });
  // A user's uploads and imports (PDF, CSV, vCard), read while the user waits; accounts take
  // turns (fairness keys).
  const imports = createProcessingPool({
    name: 'imports',
    size: 1,
    memoryMb: settings.memoryMb,
    timeoutMs: Math.min(timeoutMs, INTERACTIVE_TIMEOUT_MS),
    idleMs: IMPORTS_IDLE_MS,
    niceness: IMPORTS_NICENESS,
    log,
  });
  const background = createProcessingPool({
    name: 'background',
    size: settings.workers,
    memoryMb: settings.memoryMb,
    timeoutMs,
    log,
  });

  /*
   * Sealing and checking signatures each have a child of their own, started when first
   * needed: a 60-second hostile extraction in `background` never holds up a seal, and a PDF
   * anyone may upload on the public verify page never holds up a delivery's check.
   */
  const sealing = createProcessingPool({
    name: 'sealing',
    size: 1,
    memoryMb: settings.memoryMb,
    timeoutMs,
    log,
  });
  const verifying = createProcessingPool({
    name: 'verifying',
    size: 1,
    memoryMb: settings.memoryMb,
    timeoutMs: Math.min(timeoutMs, INTERACTIVE_TIMEOUT_MS),
    log,
  });

  // Printing a mail merge's thousands of letters never holds up a seal or a delivery.
  const printing = createProcessingPool({
    name: 'printing',
    size: 1,
    memoryMb: settings.memoryMb,
    timeoutMs,
    log,
  });

  // OCR needs about 300 MB and a second or more per page: one page at a time, on its own.
  const ocr = createProcessingPool({
    name: 'ocr',
    size: 1,
    memoryMb: settings.memoryMb,
    timeoutMs,
    log,
  });

  async function recognizePdf(bytes: Uint8Array, pages?: number[]): Promise<RecognisedText> {
    const startedAt = Date.now();
    const read: RecognisedText['pages'] = [];
    const readPage = async (number: number) => {
      const output = await ocr.run({
        task: 'pdf.ocr-page',
        input: { bytes, page: number, limits },
      });
      const page = recognisedPageSchema.parse(output);
      read.push({ number, text: page.text });
      return page.pageCount;
    };
    if (pages?.length === 0) throw new Error('recognizeText: no pages asked for');
    // The first page read tells how many there are.
    const pageCount = await readPage(pages?.[0] ?? 1);
    const all = pages ?? Array.from({ length: pageCount }, (_, index) => index + 1);
    const toRead = all.filter((number) => number >= 1 && number <= pageCount);
    const planned = toRead.slice(0, OCR_MAX_PAGES);
    for (const number of planned.slice(1)) {
      if (Date.now() - startedAt > OCR_DOCUMENT_BUDGET_MS) break;
      await readPage(number);
    }
    return { pageCount, pages: read, pagesNotRead: toRead.length - read.length };
  }

  return {
    async inspectPdf(bytes, queue): Promise<PdfInspection> {
      const output = await delivery.run({ task: 'pdf.inspect', input: { bytes, limits } }, queue);
      return pdfInspectionSchema.parse(output);
    },
    async inspectUploadedPdf(bytes, queue): Promise<PdfInspection> {
      const output = await imports.run({ task: 'pdf.inspect', input: { bytes, limits } }, queue);
      return pdfInspectionSchema.parse(output);
    },
    async extractPdfText(bytes): Promise<PdfText> {
      const output = await background.run({ task: 'pdf.extract', input: { bytes, limits } });
      return pdfTextSchema.parse(output);
    },
    async makeThumbnail(bytes, contentType): Promise<Thumbnail> {
      const output = await background.run({
        task: 'thumbnail',
        input: { bytes, contentType, limits },
      });
      return thumbnailSchema.parse(output);
    },
    async recognizeText(bytes, contentType, options = {}): Promise<RecognisedText> {
      if (!isImage(contentType)) return recognizePdf(bytes, options.pages);
      const output = await ocr.run({ task: 'image.ocr', input: { bytes, limits } });
      const page = recognisedPageSchema.parse(output);
      return { pageCount: 1, pages: [{ number: 1, text: page.text }], pagesNotRead: 0 };
    },
    async decodeText(bytes, options): Promise<DecodedTextFile> {
      const output = await background.run({
        task: 'text.decode',
        input: { bytes, ...options, maxChars: PDF_TEXT_MAX_CHARS },
      });
      return decodedTextSchema.parse(output);
    },
    async previewCsv(bytes, options, queue): Promise<UploadTable> {
      const output = await imports.run(
        { task: 'csv.preview', input: { bytes, ...options } },
        queue,
      );
      return uploadTableSchema.parse(output);
    },
    async readCsv(bytes, options, caller = 'request', queue): Promise<CsvReading> {
      const pool = caller === 'job' ? background : imports;
      const output = await pool.run({ task: 'csv.read', input: { bytes, ...options } }, queue);
      return csvReadingSchema.parse(output);
    },
    async readVcards(bytes, maxCards, queue): Promise<VcardCards> {
      const output = await imports.run({ task: 'vcard.read', input: { bytes, maxCards } }, queue);
      return vcardCardsSchema.parse(output);
    },
    async sealDocuments(input): Promise<SealedDocument> {
      const { seal, ...request } = input;
      // The signing half of a seal runs here, with the key (see pades-signature.ts).
      const { contentsBytesFor, describeCertificate, signComposedPdf } =
        await import('./pades-signature.ts');
      const contentsBytes = contentsBytesFor(seal);
      const sealCertificate = describeCertificate(seal.certificatePem);
      const output = await sealing.run({
        task: 'pdf.seal',
        input: { ...request, sealCertificate, contentsBytes, limits },
      });
      const composed = composedSealSchema.parse(output);
      const { bytes, signedSha256 } = signComposedPdf(composed.bytes, contentsBytes, seal);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return {
        bytes,
        sha256,
        signedSha256,
        pageCount: composed.pageCount,
        originalSha256: composed.originalSha256,
      };
    },
    async printLetter(input): Promise<PrintedLetter> {
      const output = await printing.run({ task: 'letter.print', input: { ...input, limits } });
      return printedLetterSchema.parse(output);
    },
    async combinePrintedLetters(documents): Promise<PrintedLetter> {
      const output = await printing.run({ task: 'letter.combine', input: { documents } });
      return printedLetterSchema.parse(output);
    },
    async renderFormPdf(input): Promise<PrintedLetter> {
      const output = await printing.run({ task: 'form.pdf', input: { ...input, limits } });
      return printedLetterSchema.parse(output);
    },
    async inspectSignatures(bytes): Promise<SignatureInspection> {
      const output = await verifying.run({ task: 'pdf.signatures', input: { bytes, limits } });
      const inspection = signatureInspectionSchema.parse(output);
      // Signatures are found in the raw bytes: a file without any is parsed too, so "no
      // signatures" is said of a PDF only. In this lane: anyone may upload to the verify page.
      if (inspection.signatures.length === 0) {
        await verifying.run({ task: 'pdf.inspect', input: { bytes, limits } });
      }
      return inspection;
    },
    async close() {
      await Promise.all(
        [delivery, imports, background, ocr, sealing, verifying, printing].map((pool) =>
          pool.close(),
        ),
      );
    },
  };
}
