import { describe, expect, it } from 'vitest';
import { languages, type Language } from '@kuvert/shared/auth';
import { printLanguageFor, printLanguageForCountry } from '@kuvert/shared/outbox';
import { calendarTexts } from '../modules/calendar/calendar-texts.ts';
import { addressBookFileBase } from '../modules/contacts/contact-export.ts';
import { receiptWords } from '../modules/form-submissions/form-receipt-content.ts';
import { testIdpTexts } from '../modules/identity/test-idp/test-idp.pages.ts';
import { noReturnAddressMessages, problemMessages } from '../modules/mail-merge/mail-merge-rows.ts';
import { failedRowsWords } from '../modules/mail-merge/mail-merge.service.ts';
import { printPageLabels } from '../modules/postal/print-rendering.service.ts';
import { sandboxBankTexts } from '../modules/sandbox-bank/sandbox-bank.pages.ts';
import {
  sealedFileWords,
  sealedFilename,
  sealLanguageOf,
} from '../modules/signatures/signatures.presenter.ts';
import { sealLabel, sealTexts } from '../plugins/processing/pdf-seal-texts.ts';
import { firstKnownLanguage } from '@kuvert/shared/constants';
import { letterLabels } from './letter-pdf.ts';
import { localeOf } from './locale.ts';

/*
 * Every text Kuvert writes into a document (receipts, sealed pages, printed letters, reports,
 * calendar entries, file names, the test identity provider's and the sandbox bank's pages)
 * exists in every language, and Swedish, Danish and Norwegian are not English left in place.
 */

/** Stands for any argument of a text made by a function: its words show, not the value's. */
const sample = {
  provider: 'P',
  subject: 'S',
  amount: 'A',
  dueDate: 'D',
  link: 'L',
  overdue: false,
  toString: () => '7',
};

/** Every text of a language's table by its path; a function's text for the sample. */
function textsOf(value: unknown, path = ''): Map<string, string> {
  if (typeof value === 'string') return new Map([[path, value]]);
  if (typeof value === 'function') {
    const text: unknown = Reflect.apply(value, undefined, [sample, sample]);
    return textsOf(text, path);
  }
  if (typeof value !== 'object' || value === null) return new Map();
  return new Map(
    Object.entries(value).flatMap(([key, inner]) => [
      ...textsOf(inner, path === '' ? key : `${path}.${key}`),
    ]),
  );
}

/**
 * Each table, and the texts rightly the same as the English in Swedish, Danish and Norwegian
 * (names, codes, words the languages share with English).
 */
const tables: Array<{
  name: string;
  table: Record<Language, unknown>;
  same?: Partial<Record<Language, string[]>>;
}> = [
  { name: 'form receipt', table: receiptWords, same: { da: ['reference'] } },
  {
    name: 'sealed pages',
    table: sealTexts,
    same: { sv: ['status'], da: ['email', 'status'], nb: ['status'] },
  },
  { name: 'sealed file name', table: sealedFileWords },
  { name: 'printed letter', table: letterLabels },
  { name: 'print page label', table: printPageLabels },
  { name: 'failed-row reasons', table: problemMessages },
  { name: 'failed-row report', table: failedRowsWords },
  { name: 'no return address', table: noReturnAddressMessages },
  { name: 'calendar', table: calendarTexts },
  { name: 'address-book file', table: addressBookFileBase },
  { name: 'test identity provider', table: testIdpTexts },
  {
    name: 'sandbox bank',
    table: sandboxBankTexts,
    same: { sv: ['bank', 'iban'], da: ['bank', 'iban'], nb: ['bank', 'iban'] },
  },
];

describe('document texts in every language', () => {
  for (const { name, table, same } of tables) {
    const english = textsOf(table.en);

    it(`${name}: every language has every text, none empty`, () => {
      for (const language of languages) {
        const texts = textsOf(table[language]);
        expect([...texts.keys()].toSorted(), `${name} (${language})`).toEqual(
          [...english.keys()].toSorted(),
        );
        for (const [key, text] of texts) {
          expect(text.trim(), `${name} (${language}) ${key}`).not.toBe('');
        }
      }
    });

    it(`${name}: Swedish, Danish and Norwegian are not the English left in place`, () => {
      for (const language of ['sv', 'da', 'nb'] as const) {
        const texts = textsOf(table[language]);
        const asEnglish = [...texts]
          .filter(([key, text]) => english.get(key) === text)
          .map(([key]) => key);
        expect(asEnglish.toSorted(), `${name} (${language})`).toEqual(
          (same?.[language] ?? []).toSorted(),
        );
      }
    });
  }
});

describe('document languages', () => {
  it('writes dates and amounts in each language’s own way', () => {
    const day = new Date('2026-11-29T12:00:00Z');
    const written = languages.map((language) =>
      new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
        day,
      ),
    );
    expect(written).toEqual([
      '29 November 2026',
      '29. November 2026',
      '29 november 2026',
      '29. november 2026',
      '29. november 2026',
    ]);
    const amount = new Intl.NumberFormat(localeOf('sv'), { style: 'currency', currency: 'SEK' });
    expect(amount.format(1234.5).replaceAll(/\s/gu, ' ')).toBe('1 234,50 kr');
  });

  it('prints a letter in the language of its country unless the writer chose one', () => {
    expect(printLanguageForCountry('SE')).toBe('sv');
    expect(printLanguageForCountry('DK')).toBe('da');
    expect(printLanguageForCountry('NO')).toBe('nb');
    expect(printLanguageForCountry('AT')).toBe('de');
    expect(printLanguageForCountry('FR')).toBe('en');
    expect(printLanguageFor('auto', 'NO')).toBe('nb');
    expect(printLanguageFor(null, 'DK')).toBe('da');
    expect(printLanguageFor('sv', 'DE')).toBe('sv');
  });

  it('names a sealed copy in its signer’s language', () => {
    expect(sealedFilename('Hyresavtal', 'completed', 'sv')).toBe('Hyresavtal – signerad.pdf');
    expect(sealedFilename('Lejekontrakt', 'declined', 'da')).toBe('Lejekontrakt – afvist.pdf');
    expect(sealedFilename('Leieavtale', 'completed', 'en')).toBe('Leieavtale – signed.pdf');
  });

  it('adds the language most signers use after the English on the sealed pages', () => {
    expect(sealLanguageOf(['en', 'en'])).toBe('en');
    expect(sealLanguageOf(['en', 'nb'])).toBe('nb');
    expect(sealLanguageOf(['da', 'sv', 'sv'])).toBe('sv');
    expect(sealLanguageOf(['da', 'sv'])).toBe('da');
    expect(sealLabel('sv', 'auditTrail')).toBe('Audit trail / Granskningslogg');
    expect(sealLabel('en', 'auditTrail')).toBe('Audit trail');
    expect(sealLabel('nb', 'status')).toBe('Status');
  });

  it('reads the pages’ language from language tags, Norwegian and Nynorsk as Bokmål', () => {
    expect(firstKnownLanguage('nn-NO,en;q=0.5')).toBe('nb');
    expect(firstKnownLanguage('no')).toBe('nb');
    expect(firstKnownLanguage('fr-FR sv-SE')).toBe('sv');
    expect(firstKnownLanguage('da-DK')).toBe('da');
    expect(firstKnownLanguage('fr', 'de')).toBe('de');
    expect(firstKnownLanguage(undefined)).toBe('en');
  });
});
