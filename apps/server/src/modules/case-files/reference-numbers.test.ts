import { describe, expect, it } from 'vitest';
import { findReferenceNumbers, mergeReferences, normaliseReference } from './reference-numbers.ts';
import { processorMsOf } from '../../test/processor-time.ts';

/** [text, the references found as displayed] */
const hits: Array<[string, string[]]> = [
  ['Kundennummer 4711-0815', ['Kundennummer 4711-0815']],
  ['Ihre Kundennummer: 4711-0815 vom 3. März 2026', ['Kundennummer 4711-0815']],
  ['Kunden-Nr.: 123456.', ['Kunden-Nr. 123456']],
  ['Kundennr. 99 887 766, bitte angeben', ['Kundennr. 99 887 766']],
  ['KUNDENNUMMER 55512', ['KUNDENNUMMER 55512']],
  ['Aktenzeichen: 12 O 345/26', ['Aktenzeichen 12 O 345/26']],
  ['Unser Az.: 3 K 1234/25 (bitte stets angeben)', ['Unser Az. 3 K 1234/25']],
  ['Az. 7 C 88/24', ['Az. 7 C 88/24']],
  ['Geschäftszeichen III-4711/2026', ['Geschäftszeichen III-4711/2026']],
  ['Unser Zeichen: MK/20931', ['Unser Zeichen MK/20931']],
  ['Ihr Zeichen ab-1234  Datum 12.03.2026', ['Ihr Zeichen ab-1234']],
  ['Vertragsnummer VN-2024-00123', ['Vertragsnummer VN-2024-00123']],
  ['Vertrags-Nr. 1002003', ['Vertrags-Nr. 1002003']],
  ['Versicherungsnummer: K 123 456 789', ['Versicherungsnummer K 123 456 789']],
  ['Versicherungsschein-Nr. 44.556.778', ['Versicherungsschein-Nr. 44.556.778']],
  ['Policennummer: P-7788-99', ['Policennummer P-7788-99']],
  ['Mitgliedsnummer 000123', ['Mitgliedsnummer 000123']],
  ['Steuernummer 06/123/45678 · Identifikationsnummer 12 345', ['Steuernummer 06/123/45678']],
  ['an der Lieferstelle, Zählernummer 1ESY1160512345, für', ['Zählernummer 1ESY1160512345']],
  ['Customer number: 55-1234', ['Customer number 55-1234']],
  ['Customer no. 778899', ['Customer no. 778899']],
  ['Account No. 12345678', ['Account No. 12345678']],
  ['Contract number CN 2026 0042', ['Contract number CN 2026 0042']],
  ['Policy no. ABC 123 456 issued today', ['Policy no. ABC 123 456']],
  ['Case number: 2026-CV-0042', ['Case number 2026-CV-0042']],
  ['Reference: INV/2026/0193', ['Reference INV/2026/0193']],
  ['Ref. 883-221', ['Ref. 883-221']],
  ['Our ref: XY 9981', ['Our ref XY 9981']],
  ['Your reference 55 66 77', ['Your reference 55 66 77']],
  ['Kundennummer\t\t4711-0815', ['Kundennummer 4711-0815']],
  ['Lieferstelle Bergstraße 7, Zählernummer\n1ESY1160512345, für', ['Zählernummer 1ESY1160512345']],
  [
    'Kundennummer 4711-0815\nVertragsnummer 2020-55\nKunden-Nr. 4711 0815',
    ['Kundennummer 4711-0815', 'Vertragsnummer 2020-55'],
  ],
  ['Ihr Zeichen Unser Zeichen: AZ-778', ['Unser Zeichen AZ-778']],
];

/** Texts in which nothing is a reference number. */
const misses: string[] = [
  'Müllheim, 12.03.2026',
  'Datum: 2026-03-12',
  'Betrag: 1.234,56 EUR',
  'Bitte überweisen Sie 89,90 € bis zum 31.03.2026.',
  'IBAN DE89 3704 0044 0532 0130 00',
  'Telefon 0761 123456 · Fax 0761 123457',
  'Call us on +49 30 1234567.',
  'Ihr Zeichen, Ihre Nachricht vom 12.03.2026',
  'Ihr Zeichen: 12.03.2026',
  'Reference is made to your letter of 3 March 2026.',
  'Kundennummer: 12',
  'Kundennummer: 1.234,56',
  'Referenzen: 12345',
  'Kaz. 12345 and Baz 778899',
  'The case no longer applies; 12345 customers agree.',
  'Kundennummer folgt',
  'Kundennummer\n\n4711-0815',
  'Unser Zeichen\nDatum 12.03.2026',
];

describe('findReferenceNumbers', () => {
  it.each(hits)('finds %j', (text, expected) => {
    expect(findReferenceNumbers(text).map((found) => found.display)).toEqual(expected);
  });

  it.each(misses)('finds nothing in %j', (text) => {
    expect(findReferenceNumbers(text)).toEqual([]);
  });

  it('normalises spellings of one number alike, keeping the first as written', () => {
    const letter = findReferenceNumbers('Kunden-Nr. 4711/0815');
    const note = findReferenceNumbers('Kundennummer 4711-0815');
    expect(letter[0]?.reference).toBe('47110815');
    expect(note[0]?.reference).toBe('47110815');
    expect(mergeReferences([note, letter])).toEqual([
      { reference: '47110815', display: 'Kundennummer 4711-0815' },
    ]);
    expect(normaliseReference('12 o 345/26')).toBe('12O34526');
    expect(normaliseReference('Zähler-1\u0308')).toBe('ZÄHLER1');
  });

  it('reads long document text in linear time', () => {
    const noise = 'Kundennummer ' + 'a'.repeat(200_000) + ' 1 2 3 4 5 6 7 8 9 '.repeat(5_000);
    let found: unknown;
    const used = processorMsOf(() => {
      found = findReferenceNumbers(noise);
    });
    expect(found).toEqual([]);
    expect(used).toBeLessThan(1_000);
  });
});
