import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { SealInput, SealSigner } from '../plugins/processing/document-processing.ts';
import type { SealKey } from '../plugins/processing/tasks.ts';

/**
 * Sealing fixtures for the server tests and the bench: originals, signers with names in
 * several scripts, and the outside tools (poppler's pdfsig and pdftotext, OpenSSL, NSS's
 * certutil) that check a sealed PDF the way a recipient's PDF reader would.
 */

export function hasTool(name: string): boolean {
  return spawnSync('which', [name]).status === 0;
}

/** stdout and stderr of a tool together (pdfsig and openssl say what matters on either). */
export function runTool(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

const folders: string[] = [];

/** A new folder under the system's temporary folder, removed by `removeTemporaryFolders`. */
export function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'kuvert-seal-'));
  folders.push(folder);
  return folder;
}

export function removeTemporaryFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** A PDF of `pages` pages, each with `label` and its number on it. */
export async function originalPdf(label: string, pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number += 1) {
    const page = document.addPage([595.28, 841.89]);
    page.drawText(`${label}, page ${number}`, { x: 56, y: 760, size: 18, font });
    page.drawText('Die Miete ist monatlich im Voraus, spätestens am dritten Werktag, zu zahlen.', {
      x: 56,
      y: 720,
      size: 11,
      font,
    });
  }
  return document.save();
}

function signer(overrides: Partial<SealSigner> & Pick<SealSigner, 'name' | 'email'>): SealSigner {
  return {
    status: 'signed',
    method: 'typed',
    typedName: overrides.name,
    strokes: null,
    signedAt: '2026-11-21T09:15:00.000Z',
    declinedAt: null,
    declinedReason: null,
    ipAddress: '203.0.113.5',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
    identifiedBy: 'password',
    ...overrides,
  };
}

/** Łukasz typed his name; Şükrü drew; Zoë typed. */
export const SIGNERS: SealSigner[] = [
  signer({ name: 'Łukasz Wiśniewski', email: 'lukasz@example.com' }),
  signer({
    name: 'Şükrü Öztürk',
    email: 'sukru@example.com',
    method: 'drawn',
    typedName: null,
    strokes: [
      [
        [0.05, 0.7],
        [0.2, 0.2],
        [0.35, 0.8],
        [0.5, 0.3],
        [0.7, 0.75],
        [0.95, 0.4],
      ],
      [[0.6, 0.15]],
    ],
    signedAt: '2026-11-21T10:30:00.000Z',
    ipAddress: '2001:db8::7',
    userAgent: 'Mozilla/5.0 (Macintosh) Firefox/133.0',
  }),
  signer({ name: 'Zoë Ñúñez-Groß', email: 'zoe@example.com', signedAt: '2026-11-22T08:00:00Z' }),
];

export const DECLINE_REASON = 'The rent in § 3 is wrong: 950 €, not 1.050 €.';

export function sealInput(
  documents: SealInput['documents'],
  seal: SealKey,
  overrides: Partial<SealInput> = {},
): SealInput {
  return {
    documents,
    outcome: 'completed',
    request: {
      id: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      subject: 'Mietvertrag Wohnung 3. OG links',
      providerName: 'Hausverwaltung Müller GmbH',
      createdAt: '2026-11-20T10:00:00.000Z',
      dueDate: '2026-12-01',
    },
    signers: SIGNERS,
    language: 'de',
    sealedAt: '2026-11-22T08:00:05.000Z',
    seal,
    ...overrides,
  };
}

/** The signature's first /ByteRange, as numbers. */
export function byteRangeOf(pdf: Uint8Array): [number, number, number, number] {
  const text = Buffer.from(pdf).toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!match) throw new Error('no /ByteRange in the PDF');
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

/**
 * One hex digit of the document's /Producer changed (inside the signed range, and still a
 * well-formed PDF, so a reader opens it and reports the mismatch).
 */
export function flipOneByte(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const at = text.indexOf('/Producer <');
  if (at < 0) throw new Error('no /Producer in the PDF');
  const digit = at + '/Producer <'.length + 5;
  const changed = Buffer.from(pdf);
  changed.write(text[digit] === '0' ? '1' : '0', digit, 'latin1');
  return new Uint8Array(changed);
}

/** An incremental update appended as a PDF editor would: a new /Info, its xref and trailer. */
export function appendIncrementalUpdate(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(text)?.[1];
  const size = Number(/\/Size\s+(\d+)/.exec(text)?.[1]);
  const previous = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  if (!root || !size || !previous) throw new Error('not a PDF with a plain trailer');
  const object = `${size} 0 obj\n<< /Title (Changed after sealing) >>\nendobj\n`;
  const objectOffset = pdf.length + 1;
  const xrefOffset = objectOffset + object.length;
  const update = [
    '',
    `${object}xref`,
    `${size} 1`,
    `${String(objectOffset).padStart(10, '0')} 00000 n `,
    'trailer',
    `<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${previous} >>`,
    'startxref',
    String(xrefOffset),
    '%%EOF',
    '',
  ].join('\n');
  return new Uint8Array(Buffer.concat([pdf, Buffer.from(update, 'latin1')]));
}

/** The signature's /Contents replaced by garbage of the same length. */
export function garbageInContents(pdf: Uint8Array): Uint8Array {
  const [, start, end] = byteRangeOf(pdf);
  const changed = Buffer.from(pdf);
  changed.write('DEADBEEF'.repeat(Math.floor((end - start - 2) / 8)), start + 1, 'latin1');
  return new Uint8Array(changed);
}

/** `sig.der` and `signed.bin` cut out of a signed PDF, for `openssl cms -verify`. */
export function cutSignature(pdf: Uint8Array, folder: string): { sig: string; content: string } {
  const [a, b, c, d] = byteRangeOf(pdf);
  const bytes = Buffer.from(pdf);
  const sig = path.join(folder, 'sig.der');
  const content = path.join(folder, 'signed.bin');
  const hex = bytes.subarray(b + 1, c - 1).toString('latin1');
  writeFileSync(sig, Buffer.from(hex, 'hex'));
  writeFileSync(content, Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]));
  return { sig, content };
}
