import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { GrayImage } from './pixels.ts';
import { ProcessingError } from './tasks.ts';

/**
 * Runs in a processing child: OCR with tesseract.js (Tesseract compiled to WebAssembly, in a
 * worker thread of this child, so the pool's memory and time limits cover it). Offline: the
 * core comes from node_modules (tesseract.js-core), the trained data of German and English
 * from the npm packages @tesseract.js-data/deu and …/eng, and the offline guard preloaded in
 * this process fails anything that would still reach for the network.
 */

export const OCR_LANGUAGES = ['deu', 'eng'] as const;
/** The LSTM models alone ("best_int"): what OEM.LSTM_ONLY reads, a third of the full data. */
const TRAINED_DATA_VARIANT = '4.0.0_best_int';

const require = createRequire(import.meta.url);

/**
 * tesseract.js reads every language from one folder (`langPath`), while each npm package has
 * its own: both are linked into a private temporary folder, which is removed as soon as the
 * engine has read them (even when this child is killed later, nothing is left behind).
 */
function createLanguageFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'kuvert-ocr-'));
  for (const language of OCR_LANGUAGES) {
    const packageFolder = path.dirname(
      require.resolve(`@tesseract.js-data/${language}/package.json`),
    );
    const file = `${language}.traineddata.gz`;
    symlinkSync(path.join(packageFolder, TRAINED_DATA_VARIANT, file), path.join(folder, file));
  }
  return folder;
}

let engine: Promise<Worker> | undefined;

/** One OCR engine per child, started at the first page and kept for the next ones. */
async function startEngine(): Promise<Worker> {
  const folder = createLanguageFolder();
  try {
    return await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
      langPath: folder,
      // Read the data from `langPath`; never write a cache anywhere.
      cachePath: folder,
      cacheMethod: 'none',
      gzip: true,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** PGM ("P5"): the simplest format Leptonica reads, so the pixels need no encoding. */
function asPgm(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, image.data]);
}

/** Tesseract's lines, without trailing spaces and runs of blank lines. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function recognise(image: GrayImage): Promise<string> {
  engine ??= startEngine();
  let worker: Worker;
  try {
    worker = await engine;
  } catch (error) {
    engine = undefined;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ProcessingError('unreadable', `OCR could not start: ${detail}`);
  }
  const result = await worker.recognize(asPgm(image));
  return tidy(result.data.text);
}
