import { createHash, type X509Certificate } from 'node:crypto';
import { checkCms, CmsProblem } from './pdf-cms-verify.ts';
import { withPdfJs } from './pdf-reading.ts';
import { ProcessingError, type InspectedSignature, type SignatureInspection } from './tasks.ts';

/**
 * Runs in a processing child (task `pdf.signatures`, the verify page): finds every signature
 * dictionary in any PDF by its /ByteRange and checks it. A signature's /Contents is excluded
 * from the bytes it signs, so it must lie in the file as written (never in a compressed
 * object stream): reading the raw bytes finds every signature, even in a file no PDF parser
 * accepts, and nothing in the file can make this throw. What cannot be read is a `problem`.
 */

/** More signatures than this in one file are not checked (each hashes the whole file). */
const MAX_SIGNATURES = 20;
/** Nor once this much was hashed: a large file with many signatures stays within the time. */
const MAX_HASHED_BYTES = 1024 * 1024 * 1024;
/** How far around a /ByteRange its dictionary's other keys are looked for. */
const DICTIONARY_REACH = 4096;

const BYTE_RANGE =
  /\/ByteRange\s*\[\s*(-?\d{1,12})\s+(-?\d{1,12})\s+(-?\d{1,12})\s+(-?\d{1,12})\s*\]/g;

function toPem(certificate: X509Certificate): string {
  return certificate.toString();
}

function subjectField(certificate: X509Certificate, key: 'CN' | 'O'): string | null {
  const line = certificate.subject.split('\n').find((part) => part.startsWith(`${key}=`));
  return line ? line.slice(key.length + 1) : null;
}

/** PDF date `D:YYYYMMDDHHmmSS+HH'mm'` (every part after the year optional) as ISO. */
export function parsePdfDate(value: string): string | null {
  const match =
    /^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(
      value.trim(),
    );
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00'] = match;
  const sign = match[7] === '-' ? -1 : 1;
  const offsetMinutes =
    match[7] && match[7].toUpperCase() !== 'Z'
      ? sign * (Number(match[8] ?? 0) * 60 + Number(match[9] ?? 0))
      : 0;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  const date = new Date(utc - offsetMinutes * 60_000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The nearest value of `/key` around the /ByteRange, within its dictionary's reach. */
function nearby(text: string, at: number, pattern: RegExp): RegExpExecArray | null {
  const start = Math.max(0, text.lastIndexOf('obj', at) - 32, at - DICTIONARY_REACH);
  const endObject = text.indexOf('endobj', at);
  const end = endObject < 0 ? Math.min(text.length, at + DICTIONARY_REACH) : endObject;
  return pattern.exec(text.slice(start, Math.max(end, at)));
}

function emptySignature(signedRevisionSha256: string, problem: string): InspectedSignature {
  return {
    subFilter: null,
    certificatePem: null,
    chainPems: [],
    commonName: null,
    organisation: null,
    signedAt: null,
    isDigestValid: false,
    isSignatureValid: false,
    coversWholeFile: false,
    isPaddingIntact: false,
    signedRevisionSha256,
    signedBytesSha256: null,
    problem,
  };
}

function inspectOne(bytes: Uint8Array, text: string, match: RegExpExecArray): InspectedSignature {
  const [a, b, c, d] = match.slice(1, 5).map(Number);
  const length = bytes.length;
  const isRangeSound =
    a === 0 &&
    b !== undefined &&
    c !== undefined &&
    d !== undefined &&
    b > 0 &&
    c >= b &&
    d >= 0 &&
    c + d <= length;
  if (!isRangeSound || b === undefined || c === undefined || d === undefined) {
    return emptySignature(
      createHash('sha256').update(bytes).digest('hex'),
      'The /ByteRange does not describe this file',
    );
  }
  const end = c + d;
  const signedRevisionSha256 = createHash('sha256').update(bytes.subarray(0, end)).digest('hex');
  const signedBytesSha256 = createHash('sha256')
    .update(bytes.subarray(0, b))
    .update(bytes.subarray(c, end))
    .digest('hex');
  const subFilter = nearby(text, match.index, /\/SubFilter\s*\/([^\s/[\]<>()]+)/)?.[1] ?? null;
  const when = nearby(text, match.index, /\/M\s*\(([^)]{4,40})\)/)?.[1];
  const base = { ...emptySignature(signedRevisionSha256, ''), signedBytesSha256 };
  base.subFilter = subFilter;
  base.signedAt = when ? parsePdfDate(when) : null;
  // Whitespace after the signed range changes nothing a reader shows.
  base.coversWholeFile = /^[\s\0]*$/.test(text.slice(end));

  // The gap between the two pieces is the /Contents string: `<hex>`.
  const gap = text.slice(b, c);
  if (!/^<[0-9A-Fa-f\s]*>$/.test(gap)) {
    return { ...base, problem: 'The signed range does not leave out exactly the /Contents' };
  }
  const hexDigits = gap.slice(1, -1).replace(/\s/g, '');
  const der = Buffer.from(hexDigits, 'hex');
  try {
    const checked = checkCms(der, [bytes.subarray(0, b), bytes.subarray(c, end)]);
    return {
      ...base,
      // The signer's unused room is zeros; anything else there was written after signing.
      isPaddingIntact: /^0*$/.test(hexDigits.slice(2 * checked.length)),
      certificatePem: checked.signer ? toPem(checked.signer) : null,
      chainPems: checked.others.map(toPem),
      commonName: checked.signer ? subjectField(checked.signer, 'CN') : null,
      organisation: checked.signer ? subjectField(checked.signer, 'O') : null,
      signedAt: base.signedAt ?? checked.signingTime?.toISOString() ?? null,
      isDigestValid: checked.isDigestValid,
      isSignatureValid: checked.isSignatureValid,
      problem: checked.signer ? null : 'The signer’s certificate is not in the signature',
    };
  } catch (error) {
    const problem =
      error instanceof CmsProblem ? error.message : `Unreadable signature: ${String(error)}`;
    return { ...base, problem };
  }
}

/** What pdf.js (the reader the viewer uses) cannot open is not a PDF, whatever it claims. */
async function assertPdf(bytes: Uint8Array): Promise<void> {
  const pages = await withPdfJs(bytes, async (document) => document.numPages);
  if (pages < 1) throw new ProcessingError('unreadable', 'Not a PDF: it has no pages.');
}

/** Nothing is inflated here: the pool's time and memory limits are the ones that apply. */
export async function inspectSignatures(bytes: Uint8Array): Promise<SignatureInspection> {
  await assertPdf(bytes);
  const text = Buffer.from(bytes).toString('latin1');
  const signatures: InspectedSignature[] = [];
  const seen = new Set<string>();
  let hashed = 0;
  for (const match of text.matchAll(BYTE_RANGE)) {
    // The same signature dictionary written again in a later revision is one signature.
    const key = match.slice(1, 5).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    // Each signature hashes (about) the file three times: its signed bytes for the check and
    // for finding the seal's request, and its revision.
    hashed += 3 * bytes.length;
    if (signatures.length >= MAX_SIGNATURES || hashed > MAX_HASHED_BYTES) break;
    signatures.push(inspectOne(bytes, text, match));
  }
  return { signatures };
}
