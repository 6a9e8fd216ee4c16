import { z } from 'zod';

/** ISO 3166-1 alpha-2 codes a postal address may name (territories without post left out). */
export const countryCodes = [
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AR',
  'AS',
  'AT',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BE',
  'BF',
  'BG',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'CY',
  'CZ',
  'DE',
  'DJ',
  'DK',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EE',
  'EG',
  'EH',
  'ER',
  'ES',
  'ET',
  'FI',
  'FJ',
  'FK',
  'FM',
  'FO',
  'FR',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GR',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HN',
  'HR',
  'HT',
  'HU',
  'ID',
  'IE',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'IT',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LT',
  'LU',
  'LV',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MT',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PL',
  'PM',
  'PN',
  'PR',
  'PS',
  'PT',
  'PW',
  'PY',
  'QA',
  'RE',
  'RO',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SE',
  'SG',
  'SH',
  'SI',
  'SJ',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
] as const;
export const countryCodeSchema = z.enum(countryCodes);
export type CountryCode = z.infer<typeof countryCodeSchema>;

/** The country a postal address is in when nobody said otherwise. */
export const DEFAULT_COUNTRY: CountryCode = 'DE';

/**
 * Postcodes Kuvert checks, with an example the message can show. Other countries' postcodes
 * are taken as written (up to 12 characters).
 */
export const postcodeRules: Partial<Record<CountryCode, { pattern: RegExp; example: string }>> = {
  DE: { pattern: /^\d{5}$/, example: '10115' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '114 55' },
  DK: { pattern: /^\d{4}$/, example: '2100' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
};

export function postcodeFitsCountry(postcode: string, country: CountryCode): boolean {
  const rule = postcodeRules[country];
  return rule === undefined || rule.pattern.test(postcode.trim());
}

export const POSTAL_FIELD_MAX_LENGTH = 80;
export const POSTCODE_MAX_LENGTH = 12;
/**
 * Translation keys for address problems (`params.i18n` of a zod custom issue and `i18n` in a
 * VALIDATION_FAILED detail), under the web's `validation.` namespace.
 */
export const addressIssueKeys = {
  postcode: 'validation.postcode',
  tooWide: 'validation.addressTooWide',
} as const;

const postalText = z.string().trim().max(POSTAL_FIELD_MAX_LENGTH);

/**
 * Adds a translated issue at `postcode` when it does not fit the country's pattern. For
 * `superRefine` of any object with `postcode` and `country`.
 */
export function checkPostcode(
  address: { postcode: string; country: CountryCode | null },
  context: z.RefinementCtx,
): void {
  if (address.country === null || address.postcode === '') return;
  const rule = postcodeRules[address.country];
  if (rule === undefined || rule.pattern.test(address.postcode)) return;
  context.addIssue({
    code: 'custom',
    path: ['postcode'],
    message: `The postcode does not fit ${address.country} (for example ${rule.example})`,
    params: { i18n: addressIssueKeys.postcode, country: address.country, example: rule.example },
  });
}

/** The parts of a postal address; see `postalAddressSchema`. */
export const postalAddressFieldsSchema = z.object({
  name: postalText.min(1),
  organisation: postalText.default(''),
  street: postalText.min(1),
  postcode: z.string().trim().min(1).max(POSTCODE_MAX_LENGTH),
  city: postalText.min(1),
  country: countryCodeSchema,
});

/** A postal address as written on a letter: every line required except the organisation. */
export const postalAddressSchema = postalAddressFieldsSchema
  .superRefine(checkPostcode)
  .meta({ id: 'PostalAddress' });
export type PostalAddress = z.infer<typeof postalAddressSchema>;
export type PostalAddressInput = z.input<typeof postalAddressSchema>;

/**
 * The lines of the address zone, top to bottom, as DIN 5008 writes them: organisation, name,
 * street, postcode and city, and for another country than the sender's its name in capitals
 * (in the sender's language): at most five of the window's six lines. Whether each fits the
 * window's width is decided where the font is known (the print renderer).
 */
export function postalAddressLines(
  address: PostalAddress,
  sender: { country: CountryCode; language: string },
): string[] {
  const lines = [address.organisation, address.name, address.street]
    .map((line) => line.trim())
    .filter((line) => line !== '');
  lines.push(`${address.postcode.trim()} ${address.city.trim()}`);
  if (address.country !== sender.country)
    lines.push(countryName(address.country, sender.language).toUpperCase());
  return lines;
}

export function countryName(code: CountryCode, language: string): string {
  return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
}

/**
 * The return line above the address (the remark zone's bottom line): who sent it and where
 * undeliverable post goes back to.
 */
export function returnLine(
  senderName: string,
  address: Pick<PostalAddress, 'street' | 'postcode' | 'city'>,
): string {
  return [
    senderName.trim(),
    address.street.trim(),
    `${address.postcode.trim()} ${address.city.trim()}`,
  ].join(' · ');
}
