import { countryCodes, type CountryCode } from '@kuvert/shared/postal';
import { alpha3ByCountry } from './alpha3.ts';

/*
 * A country as a spreadsheet or an address book writes it: an ISO code (DE, DEU), its name
 * in one of many languages with or without accents and in any case (España, ESPANA, Sverige,
 * Suisse), a short or official long name (UK, United States of America, Bundesrepublik
 * Deutschland). Names come from Intl.DisplayNames, indexed once when first asked for.
 */

/** Languages whose country names are recognised: Europe's, and more at little cost. */
const LANGUAGES = [
  'en',
  'de',
  'fr',
  'it',
  'es',
  'sv',
  'da',
  'nb',
  'nn',
  'nl',
  'fi',
  'pl',
  'pt',
  'rm',
  'ca',
  'cs',
  'sk',
  'sl',
  'hr',
  'hu',
  'ro',
  'et',
  'lv',
  'lt',
  'is',
  'ga',
  'el',
  'tr',
  'ru',
  'uk',
];

/** Names Intl does not give: official long names, old names, and what people write. */
const ALIASES: Record<string, CountryCode> = {
  'Federal Republic of Germany': 'DE',
  'Bundesrepublik Deutschland': 'DE',
  'République fédérale d’Allemagne': 'DE',
  BRD: 'DE',
  'Republic of Austria': 'AT',
  'Republik Österreich': 'AT',
  'Swiss Confederation': 'CH',
  'Schweizerische Eidgenossenschaft': 'CH',
  'Confédération suisse': 'CH',
  'Confederazione Svizzera': 'CH',
  'Confoederatio Helvetica': 'CH',
  'United States of America': 'US',
  'Vereinigte Staaten von Amerika': 'US',
  'États-Unis d’Amérique': 'US',
  'Stati Uniti d’America': 'US',
  'Estados Unidos de América': 'US',
  'Amerikas förenta stater': 'US',
  America: 'US',
  'United Kingdom of Great Britain and Northern Ireland': 'GB',
  'Great Britain': 'GB',
  Britain: 'GB',
  Großbritannien: 'GB',
  England: 'GB',
  Scotland: 'GB',
  Wales: 'GB',
  'Northern Ireland': 'GB',
  'Kingdom of Spain': 'ES',
  'Reino de España': 'ES',
  'Italian Republic': 'IT',
  'Repubblica Italiana': 'IT',
  'French Republic': 'FR',
  'République française': 'FR',
  'Kingdom of Sweden': 'SE',
  'Konungariket Sverige': 'SE',
  'Kingdom of Denmark': 'DK',
  'Kongeriget Danmark': 'DK',
  'Kingdom of Norway': 'NO',
  'Kongeriket Norge': 'NO',
  'Kingdom of the Netherlands': 'NL',
  'Koninkrijk der Nederlanden': 'NL',
  Holland: 'NL',
  'Republic of Finland': 'FI',
  'Suomen tasavalta': 'FI',
  'Republic of Poland': 'PL',
  'Rzeczpospolita Polska': 'PL',
  'Portuguese Republic': 'PT',
  'República Portuguesa': 'PT',
  'Kingdom of Belgium': 'BE',
  'Grand Duchy of Luxembourg': 'LU',
  'Principality of Liechtenstein': 'LI',
  'Principality of Monaco': 'MC',
  'Republic of Ireland': 'IE',
  'Czech Republic': 'CZ',
  'Slovak Republic': 'SK',
  'Russian Federation': 'RU',
  "People's Republic of China": 'CN',
  'Republic of Korea': 'KR',
  'South Korea': 'KR',
  'North Korea': 'KP',
  Turkey: 'TR',
  'Ivory Coast': 'CI',
  'Cape Verde': 'CV',
  Swaziland: 'SZ',
  Macedonia: 'MK',
  Burma: 'MM',
  'Vatican City': 'VA',
  'Holy See': 'VA',
  'Democratic Republic of the Congo': 'CD',
  'Republic of the Congo': 'CG',
  // ISO 3166's short name of CG; some languages' names of CD shorten to it in brackets.
  Congo: 'CG',
  Kongo: 'CG',
};

/**
 * The key a name is looked up by: lower case, letters without accents (ø, æ, ł and ß
 * spelled out as keyboards without them do), and nothing but letters and digits.
 */
export function countryKey(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replaceAll('ø', 'o')
    .replaceAll('æ', 'ae')
    .replaceAll('œ', 'oe')
    .replaceAll('ł', 'l')
    .replaceAll('đ', 'd')
    .replaceAll('ı', 'i')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The ways one display name is also written: `&` as "and", "St." as "Saint", no brackets. */
function variantsOf(name: string): string[] {
  if (!/[&(]|\bSt\./.test(name)) return [name];
  return [
    name,
    name.replace(/\s*\(.*\)\s*/g, ' ').trim(),
    name.replaceAll('&', 'and'),
    name.replace(/\bSt\.\s*/g, 'Saint '),
  ];
}

/** Every name Intl gives a country in LANGUAGES (long and short), each once, in order. */
function displayNames(): Map<string, CountryCode> {
  const names = new Map<string, CountryCode>();
  for (const language of LANGUAGES) {
    for (const style of ['long', 'short'] as const) {
      const display = new Intl.DisplayNames([language], {
        type: 'region',
        style,
        fallback: 'none',
      });
      for (const code of countryCodes) {
        const name = display.of(code);
        if (name !== undefined && !names.has(name)) names.set(name, code);
      }
    }
  }
  return names;
}

/** Built once, when first asked (about 0.1 s): names by key, the first given a key keeps it. */
function buildIndex(): Map<string, CountryCode> {
  const index = new Map<string, CountryCode>();
  const add = (name: string, code: CountryCode) => {
    const key = countryKey(name);
    if (key !== '' && !index.has(key)) index.set(key, code);
  };
  // Aliases first, then English and German, then the other languages.
  for (const [alias, code] of Object.entries(ALIASES)) add(alias, code);
  for (const [name, code] of displayNames()) {
    for (const variant of variantsOf(name)) add(variant, code);
  }
  // "U.S."-like spellings of the codes; `uk` is no ISO code but what people write.
  for (const code of countryCodes) add(code, code);
  add('UK', 'GB');
  return index;
}

let nameIndex: Map<string, CountryCode> | undefined;
let codeIndex: Map<string, CountryCode> | undefined;

function codesByText(): Map<string, CountryCode> {
  codeIndex ??= new Map(
    countryCodes.flatMap((code): Array<[string, CountryCode]> => [
      [code, code],
      [alpha3ByCountry[code], code],
    ]),
  );
  return codeIndex;
}

/** A country code from an ISO code (alpha-2 or alpha-3) or a name; undefined when unknown. */
export function countryFromText(text: string): CountryCode | undefined {
  const trimmed = text.trim();
  const byCode = codesByText().get(trimmed.toUpperCase());
  if (byCode) return byCode;
  nameIndex ??= buildIndex();
  return nameIndex.get(countryKey(trimmed));
}
