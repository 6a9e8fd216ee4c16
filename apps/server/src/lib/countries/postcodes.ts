import type { CountryCode } from '@kuvert/shared/postal';

/*
 * Countries whose postcodes are digits of one length that may start with 0 (01067 Dresden,
 * 00100 Helsinki, 0150 Oslo). A spreadsheet that took such a postcode for a number dropped
 * its zeros; `zeros` is how many a real postcode of the country can start with.
 */
const NUMERIC_POSTCODES: Partial<Record<CountryCode, { digits: number; zeros: number }>> = {
  DE: { digits: 5, zeros: 1 },
  FR: { digits: 5, zeros: 1 },
  ES: { digits: 5, zeros: 1 },
  IT: { digits: 5, zeros: 3 },
  FI: { digits: 5, zeros: 2 },
  US: { digits: 5, zeros: 2 },
  NO: { digits: 4, zeros: 2 },
};

/**
 * The postcode with the leading zeros a spreadsheet dropped put back (`1067` in Germany is
 * `01067`); any other postcode as it was.
 */
export function restoreLeadingZeros(postcode: string, country: CountryCode): string {
  const rule = NUMERIC_POSTCODES[country];
  const trimmed = postcode.trim();
  if (!rule || !/^\d+$/.test(trimmed)) return postcode;
  const missing = rule.digits - trimmed.length;
  if (missing < 1 || missing > rule.zeros) return postcode;
  return trimmed.padStart(rule.digits, '0');
}
