import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONTRACT_LINES,
  GERMAN_LETTER,
  letterPhotoPng,
  textPdf,
  utf16Csv,
  windows1252Csv,
} from './upload-fixtures.ts';

/**
 * Writes the files the browser tests upload (apps/web/e2e/fixtures; see its README):
 *     node apps/server/src/test/upload-fixtures-e2e.ts
 * The same bytes every time, so running it again changes nothing in git.
 */

/** Width of the committed photo: big enough for reliable OCR, small enough for the repo. */
export const E2E_PHOTO_WIDTH = 1200;

export async function writeE2eFixtures(folder: string): Promise<string[]> {
  mkdirSync(folder, { recursive: true });
  const files: Record<string, Uint8Array> = {
    'brief-foto.png': letterPhotoPng(GERMAN_LETTER, { width: E2E_PHOTO_WIDTH }),
    'vertrag.pdf': await textPdf([CONTRACT_LINES]),
    'adressen-windows1252.csv': windows1252Csv(),
    'adressen-utf16.csv': utf16Csv(),
  };
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(folder, name), bytes);
  return Object.keys(files);
}

if (import.meta.main) {
  const folder = path.join(import.meta.dirname, '../../../web/e2e/fixtures');
  const written = await writeE2eFixtures(folder);
  process.stdout.write(`${written.map((name) => path.join(folder, name)).join('\n')}\n`);
}
