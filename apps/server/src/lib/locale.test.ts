import { describe, expect, it } from 'vitest';
import type { Language } from '@kuvert/shared/auth';
import { languages } from '@kuvert/shared/constants';
import { formatCount, formatMoney, languageOf, localeOf, type PluralForms } from './locale.ts';

describe('localeOf', () => {
  it('gives each language its country’s locale', () => {
    expect(languages.map((language) => localeOf(language))).toEqual([
      'en-GB',
      'de-DE',
      'sv-SE',
      'da-DK',
      'nb-NO',
    ]);
  });
});

describe('languageOf', () => {
  it('keeps a known language and reads anything else as English', () => {
    expect(languageOf('nb')).toBe('nb');
    expect(languageOf('no')).toBe('en');
    expect(languageOf(null)).toBe('en');
  });
});

describe('formatCount', () => {
  const cases: [Language, PluralForms, PluralForms, string[], string[]][] = [
    [
      'en',
      { one: '# letter', other: '# letters' },
      { one: '# invoice', other: '# invoices' },
      ['0 letters', '1 letter', '2 letters', '5 letters'],
      ['0 invoices', '1 invoice', '2 invoices', '5 invoices'],
    ],
    [
      'de',
      { one: '# Brief', other: '# Briefe' },
      { one: '# Rechnung', other: '# Rechnungen' },
      ['0 Briefe', '1 Brief', '2 Briefe', '5 Briefe'],
      ['0 Rechnungen', '1 Rechnung', '2 Rechnungen', '5 Rechnungen'],
    ],
    [
      'sv',
      { one: '# brev', other: '# brev' },
      { one: '# faktura', other: '# fakturor' },
      ['0 brev', '1 brev', '2 brev', '5 brev'],
      ['0 fakturor', '1 faktura', '2 fakturor', '5 fakturor'],
    ],
    [
      'da',
      { one: '# brev', other: '# breve' },
      { one: '# regning', other: '# regninger' },
      ['0 breve', '1 brev', '2 breve', '5 breve'],
      ['0 regninger', '1 regning', '2 regninger', '5 regninger'],
    ],
    [
      'nb',
      { one: '# brev', other: '# brev' },
      { one: '# faktura', other: '# fakturaer' },
      ['0 brev', '1 brev', '2 brev', '5 brev'],
      ['0 fakturaer', '1 faktura', '2 fakturaer', '5 fakturaer'],
    ],
  ];

  it.each(cases)('counts letters and invoices in %s', (language, letters, invoices, l, i) => {
    expect([0, 1, 2, 5].map((n) => formatCount(language, n, letters))).toEqual(l);
    expect([0, 1, 2, 5].map((n) => formatCount(language, n, invoices))).toEqual(i);
  });

  it('writes a large count as the locale groups it', () => {
    expect(formatCount('sv', 12345, { one: '# brev', other: '# brev' })).toBe('12\u00a0345 brev');
    expect(formatCount('da', 12345, { one: '# brev', other: '# breve' })).toBe('12.345 breve');
  });
});

describe('formatMoney', () => {
  it('writes amounts as each locale does', () => {
    expect(formatMoney('da', 123450, 'DKK')).toBe('1.234,50\u00a0kr.');
    expect(formatMoney('sv', 123450, 'SEK')).toBe('1\u00a0234,50\u00a0kr');
    expect(formatMoney('nb', 123450, 'NOK')).toBe('1\u00a0234,50\u00a0kr');
    expect(formatMoney('en', 14268, 'EUR')).toBe('€142.68');
    expect(formatMoney('de', 1000, 'JPY')).toBe('1.000\u00a0¥');
    expect(formatMoney('en', 1000, 'XXZ1')).toBe('10.00 XXZ1');
  });
});
