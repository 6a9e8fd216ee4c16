import { extractPdfText, inspectPdf } from './pdf-reading.ts';
import {
  ProcessingError,
  type DocumentLimits,
  type RecognisedPage,
  type TaskMap,
  type TaskName,
  type TaskRequest,
  type TaskResponse,
  type Thumbnail,
} from './tasks.ts';
import { decodeTextFile, previewCsv, readWholeCsv } from './text-reading.ts';
import { readVcards } from '../../lib/vcard/index.ts';

/**
 * The entry point of a processing child (see pool.ts): answers one task at a time over IPC.
 * Anything that breaks a limit the child can see is answered as a failure; the pool kills the
 * child for the limits it cannot see itself (memory, time).
 */

const taskNames: ReadonlySet<string> = new Set<TaskName>([
  'pdf.inspect',
  'pdf.extract',
  'image.ocr',
  'pdf.ocr-page',
  'thumbnail',
  'text.decode',
  'csv.preview',
  'csv.read',
  'vcard.read',
  'pdf.seal',
  'pdf.signatures',
  'letter.print',
  'letter.combine',
  'form.pdf',
]);

/*
 * Images (sharp), rendering (a canvas), OCR (a WebAssembly engine), sealing and printing (fonts)
 * and signature checks (CMS) load when first needed: a child that only checks PDFs for a delivery
 * starts quickly and stays small.
 */
const loadImageReading = () => import('./image-reading.ts');
const loadPdfRendering = () => import('./pdf-rendering.ts');
const loadOcr = () => import('./ocr.ts');
const loadPdfSealing = () => import('./pdf-sealing.ts');
const loadPdfSignatures = () => import('./pdf-signatures.ts');
const loadLetterPrinting = () => import('./pdf-print-letter.ts');
const loadFormPdf = () => import('./pdf-form-receipt.ts');

async function recogniseImage(bytes: Uint8Array, limits: DocumentLimits): Promise<RecognisedPage> {
  const { imageForOcr } = await loadImageReading();
  const image = await imageForOcr(bytes, limits);
  const { recognise } = await loadOcr();
  return { pageCount: 1, text: await recognise(image) };
}

async function recognisePdfPage(input: TaskMap['pdf.ocr-page']['input']): Promise<RecognisedPage> {
  const { renderPageForOcr } = await loadPdfRendering();
  const { pageCount, image } = await renderPageForOcr(input.bytes, input.page, input.limits);
  const { recognise } = await loadOcr();
  return { pageCount, text: await recognise(image) };
}

async function makeThumbnail(input: TaskMap['thumbnail']['input']): Promise<Thumbnail> {
  if (input.contentType === 'application/pdf') {
    const { pdfThumbnail } = await loadPdfRendering();
    return pdfThumbnail(input.bytes, input.limits);
  }
  const { imageThumbnail } = await loadImageReading();
  return imageThumbnail(input.bytes, input.limits);
}

async function run(request: TaskRequest): Promise<TaskMap[TaskName]['output']> {
  switch (request.task) {
    case 'pdf.inspect':
      return inspectPdf(request.input.bytes, request.input.limits);
    case 'pdf.extract':
      return extractPdfText(request.input.bytes, request.input.limits);
    case 'image.ocr':
      return recogniseImage(request.input.bytes, request.input.limits);
    case 'pdf.ocr-page':
      return recognisePdfPage(request.input);
    case 'thumbnail':
      return makeThumbnail(request.input);
    case 'text.decode':
      return decodeTextFile(request.input);
    case 'csv.preview':
      return previewCsv(request.input);
    case 'csv.read':
      return readWholeCsv(request.input);
    case 'vcard.read':
      return readVcards(request.input.bytes, { maxCards: request.input.maxCards });
    case 'pdf.seal': {
      const { composeSeal } = await loadPdfSealing();
      return composeSeal(request.input);
    }
    case 'pdf.signatures': {
      const { inspectSignatures } = await loadPdfSignatures();
      return inspectSignatures(request.input.bytes);
    }
    case 'letter.print': {
      const { printLetter } = await loadLetterPrinting();
      return printLetter(request.input);
    }
    case 'letter.combine': {
      const { combinePrintedLetters } = await loadLetterPrinting();
      return combinePrintedLetters(request.input.documents);
    }
    case 'form.pdf': {
      const { renderFormPdf } = await loadFormPdf();
      return renderFormPdf(request.input);
    }
  }
}

function isRequest(message: unknown): message is TaskRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    'id' in message &&
    'task' in message &&
    typeof message.task === 'string' &&
    taskNames.has(message.task)
  );
}

type Outcome =
  { ok: true; output: unknown } | { ok: false; reason: ProcessingError['reason']; message: string };

async function outcomeOf(request: TaskRequest): Promise<Outcome> {
  try {
    return { ok: true, output: await run(request) };
  } catch (error) {
    if (error instanceof ProcessingError) {
      return { ok: false, reason: error.reason, message: error.message };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: 'unreadable', message };
  }
}

async function answer(request: TaskRequest): Promise<TaskResponse> {
  const outcome = await outcomeOf(request);
  return { id: request.id, residentMb: process.memoryUsage.rss() / 1024 / 1024, ...outcome };
}

process.on('message', (message: unknown) => {
  if (!isRequest(message)) return;
  void answer(message).then((response) => process.send?.(response));
});
// The parent is gone (it exited, or closed the pool): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
// Loaded: from here on the pool counts this child's processor time against its task.
process.send?.({ ready: true });
