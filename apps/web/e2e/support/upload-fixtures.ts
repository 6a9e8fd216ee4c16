import { createCanvas } from '@napi-rs/canvas';
import { makePdf } from './provider.ts';
import { E2E_UPLOAD_MAX_BYTES } from './environment.ts';

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

/** A photo-like picture of a German letter: text only OCR can read. */
function letterPhoto(lines: string[]): Buffer {
  const canvas = createCanvas(1240, 1400);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4f1ea';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#1d1d1d';
  context.font = '36px sans-serif';
  lines.forEach((line, index) => context.fillText(line, 110, 160 + index * 64));
  return canvas.toBuffer('image/png');
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

export async function uploadFixtures() {
  const pdfWord = 'Quittenbaum';
  const photoWord = 'Zebrafink';
  const pdf: WordedFixture = {
    onlyWord: pdfWord,
    file: {
      name: 'vertrag.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        await makePdf([
          [
            'Mietvertrag',
            'Zwischen Erika Mustermann und der Hausverwaltung',
            `Im Garten steht ein ${pdfWord}, der gepflegt wird.`,
          ],
        ]),
      ),
    },
  };
  const photo: WordedFixture = {
    onlyWord: photoWord,
    file: {
      name: 'brief-foto.png',
      mimeType: 'image/png',
      buffer: letterPhoto([
        'Stadtverwaltung Musterstadt',
        'Sehr geehrte Frau Mustermann,',
        'Ihr Antrag ist bei uns eingegangen.',
        `Ihr Kennwort lautet ${photoWord}.`,
        'Mit freundlichen Grüßen',
      ]),
    },
  };
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
  return { pdf, photo, htmlAsPdf, oversized, longText };
}
