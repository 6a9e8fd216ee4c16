// The bench builds its scans with the server tests' own generator.
// oxlint-disable no-restricted-imports
import { cpus } from 'node:os';
import {
  createDocumentProcessing,
  type DocumentProcessing,
} from '../apps/server/src/plugins/processing/document-processing.ts';
import { letterPhotoPng, PHOTO_WORD, scannedPdf } from '../apps/server/src/test/upload-fixtures.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';

/**
 * Time to text of an upload that needs OCR: a one-page scanned PDF (no text layer) and a
 * phone photo of a letter, read the way the upload.read job reads them, in the processing
 * pool with the server's default settings. No budget in DESIGN §7: a measurement.
 */

const ROUNDS = 5;
const SETTINGS = {
  workers: 1,
  memoryMb: 512,
  timeoutSeconds: 60,
  maxPages: 2000,
  maxInflatedMb: 256,
};

interface Sample {
  ms: number;
  isRead: boolean;
}

interface Measured {
  name: string;
  samples: Sample[];
}

function percentile(values: number[], share: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

async function timed(read: () => Promise<string>): Promise<Sample> {
  const start = performance.now();
  const text = await read();
  return { ms: performance.now() - start, isRead: text.includes(PHOTO_WORD) };
}

/** As the job does: the text layer first; it is empty, so OCR of the page. */
async function scanToText(processing: DocumentProcessing, scan: Uint8Array): Promise<string> {
  const layer = await processing.extractPdfText(scan);
  if (layer.text.trim() !== '') return layer.text;
  const recognised = await processing.recognizeText(scan, 'application/pdf');
  return recognised.pages.map((page) => page.text).join('\f');
}

async function photoToText(processing: DocumentProcessing, photo: Uint8Array): Promise<string> {
  const recognised = await processing.recognizeText(photo, 'image/png');
  return recognised.pages.map((page) => page.text).join('\f');
}

async function measure(
  name: string,
  read: (processing: DocumentProcessing) => Promise<string>,
): Promise<Measured> {
  const samples: Sample[] = [];
  // A fresh pool per part: the first round pays for starting the reader, as after a quiet time.
  const processing = createDocumentProcessing(SETTINGS, { warn: () => {} });
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      samples.push(await timed(() => read(processing)));
    }
  } finally {
    await processing.close();
  }
  return { name, samples };
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(2);
}

function row(measured: Measured): string {
  const times = measured.samples.map((sample) => sample.ms);
  const read = measured.samples.filter((sample) => sample.isRead).length;
  return `| ${measured.name} | ${seconds(times[0] ?? Number.NaN)} | ${seconds(percentile(times, 0.5))} | ${seconds(Math.max(...times))} | ${read} of ${times.length} |`;
}

export async function benchOcr(): Promise<boolean> {
  const photo = letterPhotoPng();
  const scan = await scannedPdf([photo]);
  const parts = [
    await measure('one-page scan (PDF, no text layer)', (processing) =>
      scanToText(processing, scan),
    ),
    await measure('phone photo (PNG)', (processing) => photoToText(processing, photo)),
  ];
  const isEveryWordRead = parts.every((part) => part.samples.every((sample) => sample.isRead));
  writeBenchmarkSection(
    'ocr',
    `## Time to text of a scan (OCR)

${machineLine()}, ${cpus().length} cores. A photo of a German letter (${Math.round(photo.length / 1024)} KB PNG, 1400 ×
1904) read by tesseract.js (German and English, LSTM models from npm) in the processing pool
with the default settings (512 MB per reader, one OCR at a time). The scan is the same photo as
a JPEG filling an A4 page of a PDF without a text layer (${Math.round(scan.length / 1024)} KB): its text
layer is read first, found empty, and the page is drawn at 300 dpi and recognised, as the
upload.read job does. ${ROUNDS} rounds each, one after another, on a fresh pool; the first round
includes starting the reader and its OCR engine. A reader that still holds more than 60% of its
memory cap after a page is replaced before the next, so later rounds mostly pay that start too.

| document | first round s | p50 s | slowest s | "${PHOTO_WORD}" read |
| --- | --- | --- | --- | --- |
${parts.map(row).join('\n')}

No budget in DESIGN §7; the issue asks for the measurement. Every round must read the word.
`,
  );
  for (const part of parts) console.log(row(part));
  return isEveryWordRead;
}
