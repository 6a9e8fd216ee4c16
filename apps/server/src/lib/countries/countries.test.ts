import { describe, expect, it } from 'vitest';
import { countryCodes } from '@kuvert/shared/postal';
import { alpha3ByCountry, countryFromText, restoreLeadingZeros } from './index.ts';

describe('recognising a country as people write it', () => {
  it('knows every ISO alpha-2 and alpha-3 code, in any case', () => {
    for (const code of countryCodes) {
      expect(countryFromText(code)).toBe(code);
      expect(countryFromText(alpha3ByCountry[code])).toBe(code);
      expect(countryFromText(` ${alpha3ByCountry[code].toLowerCase()} `)).toBe(code);
    }
    expect(new Set(Object.values(alpha3ByCountry)).size).toBe(countryCodes.length);
  });

  it('knows every country’s name in Europe’s languages, with and without accents', () => {
    const languages = ['en', 'de', 'fr', 'it', 'es', 'sv', 'da', 'nb', 'nl', 'fi', 'pl', 'pt'];
    for (const language of languages) {
      const names = new Intl.DisplayNames([language], { type: 'region' });
      for (const code of countryCodes) {
        const name = names.of(code) ?? '';
        const plain = name.normalize('NFKD').replace(/\p{M}/gu, '');
        // Norwegian calls Congo-Kinshasa "Kongo", Spanish and Polish Congo-Brazzaville:
        // taken as ISO's "Congo" (CG).
        const expected = name === 'Kongo' || name === 'Congo' ? 'CG' : code;
        expect([countryFromText(name), countryFromText(plain.toUpperCase())]).toEqual([
          expected,
          expected,
        ]);
      }
    }
  });

  it.each([
    ['España', 'ES'],
    ['ESPANA', 'ES'],
    ['Italia', 'IT'],
    ['Sverige', 'SE'],
    ['Suisse', 'CH'],
    ['Schweiz', 'CH'],
    ['Svizzera', 'CH'],
    ['United States of America', 'US'],
    ['U.S.A.', 'US'],
    ['UK', 'GB'],
    ['Great Britain', 'GB'],
    ['Federal Republic of Germany', 'DE'],
    ['Bundesrepublik Deutschland', 'DE'],
    ['Osterreich', 'AT'],
    ['Danmark', 'DK'],
    ['Norge', 'NO'],
    ['Nederland', 'NL'],
    ['Holland', 'NL'],
    ['Suomi', 'FI'],
    ['Polska', 'PL'],
    ['Tyskland', 'DE'],
    ['Niemcy', 'DE'],
    ['Saksa', 'DE'],
    ['Alemanha', 'DE'],
    ['Duitsland', 'DE'],
    ['Czech Republic', 'CZ'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
    ['Bosnia and Herzegovina', 'BA'],
    ['Myanmar', 'MM'],
  ])('reads %s as %s', (text, code) => {
    expect(countryFromText(text)).toBe(code);
  });

  it('knows no country that is none', () => {
    expect(countryFromText('Atlantis')).toBeUndefined();
    expect(countryFromText('')).toBeUndefined();
    expect(countryFromText('---')).toBeUndefined();
  });
});

describe('restoring the leading zeros of a postcode', () => {
  it.each([
    ['1067', 'DE', '01067'],
    ['8001', 'ES', '08001'],
    ['184', 'IT', '00184'],
    ['1000', 'FR', '01000'],
    ['100', 'FI', '00100'],
    ['2134', 'US', '02134'],
    ['150', 'NO', '0150'],
    ['01067', 'DE', '01067'],
    ['10115', 'DE', '10115'],
    ['123', 'DE', '123'],
    ['1010', 'AT', '1010'],
    ['SW1A 1AA', 'GB', 'SW1A 1AA'],
  ] as const)('reads %s in %s as %s', (written, country, restored) => {
    expect(restoreLeadingZeros(written, country)).toBe(restored);
  });
});
