import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_UPLOAD_MAX_BYTES } from './environment.ts';

/** Made by the reading helper's generator; their words are listed in fixtures/README.md. */
const FIXTURES = path.join(import.meta.dirname, '../fixtures');

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A document and a word that is in it and in none of the other fixtures. */
export interface WordedFixture {
  file: FilePayload;
  onlyWord: string;
}

/** Readable text lines, many of them: a file of about `bytes`. */
function textOfSize(bytes: number): Buffer {
  const lines: string[] = [];
  let size = 0;
  for (let index = 1; size < bytes; index++) {
    const line = `Zeile ${index}: Der Antrag wurde am Montag beim Bürgeramt eingereicht.\n`;
    lines.push(line);
    size += Buffer.byteLength(line);
  }
  return Buffer.from(lines.join(''));
}

async function fixture(name: string, mimeType: string): Promise<FilePayload> {
  return { name, mimeType, buffer: await readFile(path.join(FIXTURES, name)) };
}

export async function uploadFixtures() {
  const pdf: WordedFixture = {
    file: await fixture('vertrag.pdf', 'application/pdf'),
    onlyWord: 'Hausratversicherung',
  };
  // No text layer: its word is found only through OCR.
  const photo: WordedFixture = {
    file: await fixture('brief-foto.png', 'image/png'),
    onlyWord: 'Grundsteuerbescheid',
  };
  // Windows-1252, `;` separated, as German Excel saves it.
  const addresses = await fixture('adressen-windows1252.csv', 'text/csv');
  const htmlAsPdf: FilePayload = {
    name: 'rechnung.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><html><body><h1>Rechnung</h1></body></html>\n'),
  };
  const oversized: FilePayload = {
    name: 'riesiger-scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(E2E_UPLOAD_MAX_BYTES + 1024 * 1024, 0x25),
  };
  // More than one chunk (8 MiB), less than the e2e server's limit.
  const longText: FilePayload = {
    name: 'protokoll.txt',
    mimeType: 'text/plain',
    buffer: textOfSize(9 * 1024 * 1024),
  };
  return { pdf, photo, addresses, htmlAsPdf, oversized, longText };
}
