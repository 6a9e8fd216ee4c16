/** An IBAN without spaces, in capitals. */
export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** 34 characters at most, written in groups of four: 42 with a space between each. */
const IBAN_MAX_WRITTEN_LENGTH = 64;

/** ISO 13616: country, check digits, then the account; valid when the mod-97 remainder is 1. */
export function isValidIban(iban: string): boolean {
  // Refused before any matching: anyone may send a 10,000-character answer.
  if (iban.length > IBAN_MAX_WRITTEN_LENGTH) return false;
  const compact = normaliseIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
