import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTool, removeTemporaryFolders, runTool, temporaryFolder } from '../../test/sealing.ts';
import { createDocumentProcessing, type ProcessingSettings } from './document-processing.ts';
import type { PrintLetterInput } from './tasks.ts';

/**
 * Printed letters and form receipts as outside tools read them: poppler's pdftotext (the text
 * layer search, copy and screen readers use) and pdffonts (how the fonts are embedded).
 */

const settings: ProcessingSettings = {
  workers: 1,
  memoryMb: 512,
  timeoutSeconds: 60,
  maxPages: 2000,
  maxInflatedMb: 256,
};
const processing = createDocumentProcessing(settings, { warn: () => {} });
const folder = temporaryFolder();
afterAll(async () => {
  await processing.close();
  removeTemporaryFolders();
});

function save(name: string, bytes: Uint8Array): string {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

/** The words of a text, whitespace folded, so a wrapped line reads as one. */
const folded = (text: string) => text.replaceAll(/\s+/g, ' ');

/** The subset tag of DejaVu Sans in a pdffonts listing. */
const tagOf = (listing: string) => /([A-Z]{6})\+DejaVuSans /.exec(listing)?.[1];

type LetterText = Omit<PrintLetterInput, 'limits' | 'attachments' | 'pageLabel' | 'createdAt'>;

const GERMAN: LetterText = {
  senderLines: ['Jürgen Äßler', 'Königstraße 3', '79379 Müllheim', 'DEUTSCHLAND'],
  returnLine: 'Jürgen Äßler · Königstraße 3 · 79379 Müllheim',
  addressLines: ['Anna Österreicher', 'Übergasse 12', '79098 Freiburg', 'DEUTSCHLAND'],
  date: '24. November 2026',
  subject: 'Änderung der Übergabe',
  body: 'Sehr geehrte Frau Österreicher,\n\nÜbermorgen passt. Grüße an Ζωή.',
};
const FRENCH: LetterText = {
  senderLines: ['Éloïse Lefèvre', 'Rue de l’Église 4', '1003 Lausanne', 'SUISSE'],
  returnLine: 'Éloïse Lefèvre · Rue de l’Église 4 · 1003 Lausanne',
  addressLines: ['Émile Çelik', 'Œuvre Élysée', 'Chemin des Écoliers 9', '1200 Genève', 'SUISSE'],
  date: '24 novembre 2026',
  subject: 'Réunion à Genève',
  body: 'Cher Émile,\n\nÀ bientôt.',
};
const ASCII: LetterText = {
  senderLines: ['Kuvert Test Sender', 'Main Street 1', '8001 Zurich', 'SWITZERLAND'],
  returnLine: 'Kuvert Test Sender · Main Street 1 · 8001 Zurich',
  addressLines: ['Anna Otto', 'Ulmenweg 1', 'Oberdorf', 'EVERGREEN TERRACE 742', 'SWITZERLAND'],
  date: 'November 24, 2026',
  subject: 'Quarterly update',
  body: 'Dear Ms Otto,\n\nAll is well. QUICK BROWN FOX, JUMPS OVER THE LAZY DOG.',
};

async function printed(name: string, letter: LetterText): Promise<string> {
  const output = await processing.printLetter({
    ...letter,
    pageLabel: 'Page {page} of {pages}',
    attachments: [],
    createdAt: '2026-11-24T09:00:00.000Z',
  });
  return save(name, output.bytes);
}

describe.skipIf(!hasTool('pdftotext') || !hasTool('pdffonts'))('printed letters', () => {
  it('keeps every letter of each address in the text layer, letter after letter', async () => {
    // One printing child draws all three: what one letter used must not leak into the next.
    const letters: Array<[string, LetterText]> = [
      ['german.pdf', GERMAN],
      ['french.pdf', FRENCH],
      ['ascii.pdf', ASCII],
    ];
    for (const [name, letter] of letters) {
      const text = folded(runTool('pdftotext', [await printed(name, letter), '-']));
      for (const line of [...letter.addressLines, letter.subject]) {
        expect(text, `${name}: ${line}`).toContain(line);
      }
    }
  });

  it('names each embedded subset with a six-letter tag (PDF 32000 §9.6.4)', async () => {
    const file = await printed('tagged.pdf', GERMAN);
    const rows = runTool('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      // name, type (two words), encoding, emb, sub, uni, object, id
      expect(row).toMatch(/^[A-Z]{6}\+DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    }
    // Another letter's subsets are other subsets: another tag.
    const other = runTool('pdffonts', [await printed('tagged-other.pdf', ASCII)]);
    expect(tagOf(other)).toBeDefined();
    expect(tagOf(other)).not.toBe(tagOf(runTool('pdffonts', [file])));
  });

  it('tags the subsets of a form receipt too', async () => {
    const output = await processing.renderFormPdf({
      heading: 'Form submission',
      title: 'Umzug melden',
      facts: [{ label: 'Reference', value: 'F-2026-0001' }],
      sections: [],
      footer: 'F-2026-0001',
      pageLabel: 'Page {page} of {pages}',
      language: 'de',
      createdAt: '2026-11-24T09:00:00.000Z',
    });
    const rows = runTool('pdffonts', [save('receipt.pdf', output.bytes)])
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows)
      expect(row).toMatch(/^[A-Z]{6}\+DejaVuSans\S*\s+CID TrueType.*yes\s+yes\s+yes/);
  });
});
