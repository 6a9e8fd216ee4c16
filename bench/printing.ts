// The bench renders letters in the server's own processing pool.
// oxlint-disable no-restricted-imports
import { postalAddressLines, returnLine } from '../packages/shared/src/postal/index.ts';
import {
  createDocumentProcessing,
  type PrintLetterInput,
} from '../apps/server/src/plugins/processing/document-processing.ts';
import { samplePdf } from '../apps/server/src/test/mailbox.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';

/** Letters rendered one after another, as one `postal.render` job's worth and more. */
const LETTERS = 200;
/** The server's defaults (PROCESSING_*). */
const SETTINGS = {
  workers: 1,
  memoryMb: 512,
  timeoutSeconds: 60,
  maxPages: 2000,
  maxInflatedMb: 256,
};

const sender = {
  street: 'Hauptstraße 5',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE' as const,
};

function letterFor(index: number, attachment: Uint8Array): Omit<PrintLetterInput, 'limits'> {
  const recipient = {
    name: `Łukasz Żółkiewski ${index}`,
    organisation: 'Şükrü Öztürk GmbH',
    street: 'Büyükdere Caddesi 12',
    postcode: '34394',
    city: 'İstanbul',
    country: 'TR' as const,
  };
  return {
    senderLines: ['Zoë Ångström', sender.street, `${sender.postcode} ${sender.city}`, 'Germany'],
    returnLine: returnLine('Zoë Ångström', sender),
    addressLines: postalAddressLines(recipient, { country: 'DE', language: 'en' }),
    date: '24 November 2026',
    subject: `Your contract ${index}`,
    body: Array.from(
      { length: 6 },
      () => 'Dear Mr Żółkiewski, thank you for your letter. We write to confirm the changes.',
    ).join('\n\n'),
    pageLabel: 'Page {page} of {pages}',
    attachments: [{ filename: 'terms.pdf', contentType: 'application/pdf', bytes: attachment }],
    createdAt: '2026-11-24T09:00:00.000Z',
  };
}

/**
 * Printed letters: how many letters per second the printing child renders (one page of
 * letter and a one-page PDF attachment each), and how long one batch of them takes to combine
 * for the operator. No budget of DESIGN §7 applies; the figures go to docs/benchmarks.md.
 */
export async function benchPrinting(): Promise<boolean> {
  const processing = createDocumentProcessing(SETTINGS, { warn: () => {} });
  try {
    const attachment = new Uint8Array(await samplePdf('General terms'));
    const firstStartedAt = performance.now();
    await processing.printLetter(letterFor(0, attachment));
    const firstMs = performance.now() - firstStartedAt;
    const printed: Uint8Array[] = [];
    const startedAt = performance.now();
    for (let index = 1; index <= LETTERS; index += 1) {
      printed.push((await processing.printLetter(letterFor(index, attachment))).bytes);
    }
    const renderSeconds = (performance.now() - startedAt) / 1000;
    const combineStartedAt = performance.now();
    const batch = await processing.combinePrintedLetters(printed);
    const combineSeconds = (performance.now() - combineStartedAt) / 1000;
    const averageKb = printed.reduce((sum, bytes) => sum + bytes.length, 0) / printed.length / 1024;
    const lettersPerSecond = LETTERS / renderSeconds;
    console.log(
      `printing: ${lettersPerSecond.toFixed(1)} letters/s, batch of ${LETTERS} combined in ${combineSeconds.toFixed(1)} s`,
    );
    writeBenchmarkSection(
      'printing',
      `## Printing postal letters

${machineLine()}. ${LETTERS} letters rendered one after another in the printing child, with the
server's default settings: A4, DIN 5008 Form B, DejaVu Sans embedded, a Polish and Turkish
address, six short paragraphs and a one-page PDF attachment copied in (2 pages each), after a
first letter that starts the child and loads the fonts.

| | |
| --- | --- |
| first letter (starts the child) | ${Math.round(firstMs)} ms |
| letters per second | ${lettersPerSecond.toFixed(1)} |
| average print PDF | ${Math.round(averageKb)} KB |
| combining the ${LETTERS} into one batch PDF (${batch.pageCount} pages) | ${combineSeconds.toFixed(1)} s |
`,
    );
    return true;
  } finally {
    await processing.close();
  }
}
