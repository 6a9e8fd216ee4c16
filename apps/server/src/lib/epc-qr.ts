import { greyscalePng } from './png.ts';
import { encodeUtf8QrCode } from './qr-code.ts';

/*
 * The EPC QR code ("GiroCode", "Scan2Pay") that banking apps read to fill in a SEPA credit
 * transfer: EPC069-12 "Quick Response Code: Guidelines to Enable Data Capture for the
 * Initiation of a SEPA Credit Transfer", version 002. One element per line:
 *
 *    1 service tag       BCD
 *    2 version           002 (the BIC may be left empty within the EEA)
 *    3 character set     1 = UTF-8
 *    4 identification    SCT
 *    5 BIC               8 or 11 characters, or empty
 *    6 beneficiary name  ≤ 70 characters
 *    7 IBAN              ≤ 34 characters
 *    8 amount            EUR0.01 … EUR999999999.99
 *    9 purpose           empty
 *   10 structured ref.   an ISO 11649 creditor reference (RF…), ≤ 35 characters, or empty
 *   11 remittance text   ≤ 140 characters, only when 10 is empty
 *   12 information       empty
 *
 * Lines end with a line feed; the last populated element is not followed by one (trailing
 * empty elements are left out). The whole payload is at most 331 bytes, and the code uses
 * error-correction level M.
 */

export const EPC_QR_MAX_PAYLOAD_BYTES = 331;
/** Minor units: 999,999,999.99 euros. */
export const EPC_QR_MAX_AMOUNT_MINOR = 99_999_999_999;
const NAME_MAX_CHARACTERS = 70;
const REMITTANCE_MAX_CHARACTERS = 140;

export interface EpcCreditTransfer {
  beneficiaryName: string;
  iban: string;
  bic?: string | null | undefined;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  /** The invoice's payment reference: a creditor reference (RF…) or free text. */
  reference: string;
}

/** Why a transfer cannot be put in an EPC QR code. */
export class EpcQrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EpcQrError';
  }
}

/** ISO 7064 mod 97-10 over letters-as-numbers (A = 10 … Z = 35), as IBANs and RF use it. */
function mod97(value: string): number {
  let remainder = 0;
  for (const character of value) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The reference without spaces, in capitals, when it is a valid ISO 11649 one. */
export function toCreditorReference(reference: string): string | undefined {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return undefined;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1 ? compact : undefined;
}

/** `RF` and the check digits for `base` (for tests and demo data). */
export function makeCreditorReference(base: string): string {
  const compact = base.replace(/\s+/g, '').toUpperCase();
  const check = 98 - mod97(`${compact}RF00`);
  return `RF${String(check).padStart(2, '0')}${compact}`;
}

/** One line of text: a line break inside a field would shift every element after it. */
function singleLine(value: string, maxCharacters: number): string {
  const flat = value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...flat].slice(0, maxCharacters).join('').trim();
}

function formatAmount(minor: number): string {
  const euros = Math.floor(minor / 100);
  const cents = String(minor % 100).padStart(2, '0');
  return `EUR${euros}.${cents}`;
}

/**
 * The payload of the code. Throws EpcQrError when the transfer cannot be encoded: not in euro,
 * an amount out of range, or text that does not fit the 331 bytes. The remittance text is
 * never cut short (a payment with half a reference cannot be matched); the name may be.
 */
export function buildEpcQrPayload(transfer: EpcCreditTransfer): string {
  if (transfer.currency !== 'EUR') throw new EpcQrError('EPC QR codes carry euro amounts only');
  if (
    !Number.isSafeInteger(transfer.amount) ||
    transfer.amount < 1 ||
    transfer.amount > EPC_QR_MAX_AMOUNT_MINOR
  ) {
    throw new EpcQrError('The amount must be between 0.01 and 999,999,999.99 euros');
  }
  const iban = transfer.iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) throw new EpcQrError('Not an IBAN');
  const bic = (transfer.bic ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic !== '' && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) throw new EpcQrError('Not a BIC');
  const name = singleLine(transfer.beneficiaryName, NAME_MAX_CHARACTERS);
  if (name === '') throw new EpcQrError('The beneficiary needs a name');

  const creditorReference = toCreditorReference(transfer.reference);
  const remittance = creditorReference
    ? ''
    : singleLine(transfer.reference, REMITTANCE_MAX_CHARACTERS + 1);
  if ([...remittance].length > REMITTANCE_MAX_CHARACTERS) {
    throw new EpcQrError('The reference is longer than 140 characters');
  }
  const elements = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic,
    name,
    iban,
    formatAmount(transfer.amount),
    '',
    creditorReference ?? '',
    remittance,
    '',
  ];
  while (elements.at(-1) === '') elements.pop();
  const payload = elements.join('\n');
  if (Buffer.byteLength(payload, 'utf8') > EPC_QR_MAX_PAYLOAD_BYTES) {
    throw new EpcQrError('The transfer does not fit in 331 bytes');
  }
  return payload;
}

/** The payload when the transfer can be encoded, else undefined. */
export function tryBuildEpcQrPayload(transfer: EpcCreditTransfer): string | undefined {
  try {
    return buildEpcQrPayload(transfer);
  } catch (error) {
    if (error instanceof EpcQrError) return undefined;
    throw error;
  }
}

const QUIET_ZONE = 4;
const SCALE = 8;

/**
 * A PNG of the code: an ECI segment that names UTF-8, then the bytes in byte mode, so that a
 * reader decodes "Müllheim" as such whatever its default character set (line 3 of the
 * payload tells a banking app, not the QR reader); error-correction level M, the standard
 * quiet zone of 4 modules, 8 pixels a module.
 */
export function renderEpcQrPng(payload: string): Promise<Buffer> {
  const { size, modules } = encodeUtf8QrCode(Buffer.from(payload, 'utf8'));
  const side = (size + 2 * QUIET_ZONE) * SCALE;
  const isDark = (x: number, y: number) =>
    modules[Math.floor(y / SCALE) - QUIET_ZONE]?.[Math.floor(x / SCALE) - QUIET_ZONE] ?? false;
  return Promise.resolve(greyscalePng(side, side, (x, y) => (isDark(x, y) ? 0 : 255)));
}
