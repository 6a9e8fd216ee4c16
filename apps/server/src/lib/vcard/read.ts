import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';

/*
 * vCards as phones and mail programs write them: 2.1 (Android, Outlook: QUOTED-PRINTABLE
 * values in any CHARSET, bare TYPE parameters such as `TEL;CELL`), 3.0 and 4.0; folded
 * lines, several cards in one file, cards without N or FN. Pure, and meant for a processing
 * child: the file is hostile, so every card, line and value is limited.
 *
 * Lines are handled as bytes (a latin1 string, one character per byte) until a value's
 * encoding and charset are known: a fold may split a UTF-8 character, and a 2.1 card may carry
 * ISO-8859-1 next to UTF-8.
 */

/** The fields Kuvert keeps of a card, as written in it (the country as text). */
export interface VcardContact {
  name: string;
  organisation: string;
  email: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  kuvertAddress: string;
  notes: string;
}

export interface ReadVcardsOptions {
  /** More cards than this are not read; `truncated` says so. */
  maxCards: number;
}

export interface ReadVcards {
  cards: VcardContact[];
  truncated: boolean;
}

/** A value longer than this is cut: validation then names the field as too long. */
const MAX_VALUE_CHARS = 4000;
/** A logical line (after unfolding) longer than this is skipped (a PHOTO, or an attack). */
const MAX_LINE_BYTES = 64 * 1024;

interface Property {
  name: string;
  params: Map<string, string[]>;
  /** Bare parameters of 2.1 (`HOME`, `QUOTED-PRINTABLE`), upper-cased. */
  flags: Set<string>;
  raw: string;
}

/**
 * Lines split at CRLF, LF or CR. A file with one kind of line break (nearly every file) is
 * split on that string, twice as fast as on the pattern.
 */
function physicalLines(binary: string): string[] {
  const hasLoneCr = /\r(?!\n)/.test(binary);
  const hasLoneLf = /(?<!\r)\n/.test(binary);
  if (!hasLoneCr && !hasLoneLf) return binary.split('\r\n');
  if (!binary.includes('\r')) return binary.split('\n');
  return binary.split(/\r\n|\n|\r/);
}

/** What marks a 2.1 value as QUOTED-PRINTABLE among the parameters before its colon. */
const QUOTED_PRINTABLE_PARAM = /(^|;)(ENCODING=)?QUOTED-PRINTABLE(;|$)/i;

/**
 * A logical line as it is unfolded: its pieces are joined once, when it ends, so a line
 * folded a million times costs a million appends, not a million copies of the line so far.
 */
interface Unfolding {
  pieces: string[];
  length: number;
  /** Longer than MAX_LINE_BYTES: its remaining pieces are dropped and it yields no line. */
  isOversized: boolean;
  /** The pieces before the first colon were checked for QUOTED-PRINTABLE (undefined: no colon yet). */
  isQuotedPrintable: boolean | undefined;
}

function startUnfolding(): Unfolding {
  return { pieces: [], length: 0, isOversized: false, isQuotedPrintable: undefined };
}

function append(line: Unfolding, piece: string): void {
  if (line.isOversized || piece === '') return;
  if (line.isQuotedPrintable === undefined) {
    const colon = piece.indexOf(':');
    if (colon >= 0) {
      const head = line.pieces.join('') + piece.slice(0, colon);
      line.isQuotedPrintable = QUOTED_PRINTABLE_PARAM.test(head);
    }
  }
  line.length += piece.length;
  if (line.length > MAX_LINE_BYTES) {
    line.isOversized = true;
    line.pieces = [];
    return;
  }
  line.pieces.push(piece);
}

/** A QUOTED-PRINTABLE value ending in `=` goes on in the next physical line. */
function continuesSoftly(line: Unfolding, lastPhysical: string): boolean {
  if (line.isQuotedPrintable !== true) return false;
  if (line.isOversized) return lastPhysical.endsWith('=');
  return line.pieces.at(-1)?.endsWith('=') ?? false;
}

/** Drops the `=` of a soft line break from the end of the line. */
function dropSoftBreak(line: Unfolding): void {
  const last = line.pieces.pop();
  if (last === undefined) return;
  line.length -= 1;
  if (last.length > 1) line.pieces.push(last.slice(0, -1));
}

/**
 * Unfolds: a line starting with a space or tab continues the one before (RFC 2425/6350); a
 * QUOTED-PRINTABLE value ending in `=` continues on the next line (2.1 soft line breaks).
 * Linear in the file's size; a logical line longer than MAX_LINE_BYTES is skipped whole.
 */
function logicalLines(binary: string): string[] {
  const lines: string[] = [];
  let current: Unfolding | undefined;
  let isSoft = false;
  const finish = (line: Unfolding | undefined) => {
    if (line && !line.isOversized) lines.push(line.pieces.join(''));
  };
  for (const physical of physicalLines(binary)) {
    const isFolded = physical.startsWith(' ') || physical.startsWith('\t');
    if (current && isSoft) {
      dropSoftBreak(current);
      append(current, isFolded ? physical.slice(1) : physical);
    } else if (current && isFolded) {
      append(current, physical.slice(1));
    } else {
      finish(current);
      current = startUnfolding();
      append(current, physical);
    }
    isSoft = continuesSoftly(current, physical);
  }
  finish(current);
  return lines;
}

/** Splits at `separator` outside double quotes. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let inQuotes = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '"') inQuotes = !inQuotes;
    if (character === separator && !inQuotes) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function colonOutsideQuotes(line: string): number {
  let inQuotes = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (character === '"') inQuotes = !inQuotes;
    if (character === ':' && !inQuotes) return index;
  }
  return -1;
}

function parseProperty(line: string): Property | undefined {
  const colon = colonOutsideQuotes(line);
  if (colon <= 0) return undefined;
  const [nameWithGroup = '', ...rawParams] = splitOutsideQuotes(line.slice(0, colon), ';');
  const name = (nameWithGroup.split('.').pop() ?? '').trim().toUpperCase();
  const params = new Map<string, string[]>();
  const flags = new Set<string>();
  for (const rawParam of rawParams) {
    const equals = rawParam.indexOf('=');
    if (equals < 0) {
      flags.add(rawParam.trim().toUpperCase());
      continue;
    }
    const key = rawParam.slice(0, equals).trim().toUpperCase();
    const values = splitOutsideQuotes(rawParam.slice(equals + 1), ',').map((value) =>
      value.trim().replace(/^"(.*)"$/, '$1'),
    );
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, flags, raw: line.slice(colon + 1) };
}

function decodeQuotedPrintable(binary: string): string {
  return binary.replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function decoderFor(charset: string | undefined): TextDecoder | undefined {
  if (!charset) return undefined;
  try {
    return new TextDecoder(charset.toLowerCase());
  } catch {
    return undefined;
  }
}

/** The value's text: QUOTED-PRINTABLE decoded, then its bytes read in its CHARSET. */
function textOf(property: Property): string {
  const encoding = (property.params.get('ENCODING')?.[0] ?? '').toUpperCase();
  const isQp = encoding === 'QUOTED-PRINTABLE' || property.flags.has('QUOTED-PRINTABLE');
  const binary = isQp ? decodeQuotedPrintable(property.raw) : property.raw;
  const bytes = Buffer.from(binary, 'latin1');
  const decoder = decoderFor(property.params.get('CHARSET')?.[0]);
  if (decoder) return decoder.decode(bytes);
  // Without a charset: UTF-8 (3.0 and 4.0 say so), else what Windows wrote.
  return isUtf8(bytes) ? bytes.toString('utf8') : new TextDecoder('windows-1252').decode(bytes);
}

/** Splits a structured value at unescaped `;` and unescapes each component. */
function components(text: string): string[] {
  const parts: string[] = [];
  let pieces: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\\' && index + 1 < text.length) {
      const next = text[index + 1] ?? '';
      pieces.push(text.slice(start, index), next === 'n' || next === 'N' ? '\n' : next);
      index += 1;
      start = index + 1;
    } else if (character === ';') {
      pieces.push(text.slice(start, index));
      parts.push(pieces.join(''));
      pieces = [];
      start = index + 1;
    }
  }
  pieces.push(text.slice(start));
  parts.push(pieces.join(''));
  return parts.map((part) => part.trim().slice(0, MAX_VALUE_CHARS));
}

/** An unstructured value (FN, EMAIL, NOTE), unescaped. */
function single(text: string): string {
  return text
    .replace(/\\([nN]|.)/g, (_match, next: string) => (next === 'n' || next === 'N' ? '\n' : next))
    .trim()
    .slice(0, MAX_VALUE_CHARS);
}

function typesOf(property: Property): Set<string> {
  const types = new Set(property.flags);
  for (const value of property.params.get('TYPE') ?? []) types.add(value.toUpperCase());
  return types;
}

function isPreferred(property: Property): boolean {
  return typesOf(property).has('PREF') || property.params.has('PREF');
}

/** The preferred one of several (EMAIL, TEL, ADR), else the first. */
function pick(properties: Property[]): Property | undefined {
  return properties.find(isPreferred) ?? properties[0];
}

function nameFromN(text: string): string {
  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = components(text);
  return [prefix, given, additional, family, suffix].filter((part) => part !== '').join(' ');
}

function contactOf(properties: Property[]): VcardContact {
  const all = (name: string) => properties.filter((property) => property.name === name);
  const first = (name: string) => all(name)[0];
  const fn = first('FN');
  const n = first('N');
  const org = first('ORG');
  const adr = pick(all('ADR'));
  const [, extended = '', street = '', city = '', , postcode = '', country = ''] = adr
    ? components(textOf(adr))
    : [];
  const email = pick(all('EMAIL'));
  const phone = pick(all('TEL'));
  const note = first('NOTE');
  const kuvert = first('X-KUVERT-ADDRESS');
  return {
    name: fn ? single(textOf(fn)) : n ? nameFromN(textOf(n)) : '',
    organisation: org ? (components(textOf(org))[0] ?? '') : '',
    email: email ? single(textOf(email)) : '',
    phone: phone ? single(textOf(phone)).replace(/^tel:/i, '') : '',
    street: [street, extended].filter((part) => part !== '').join(', '),
    postcode,
    city,
    country,
    kuvertAddress: kuvert ? single(textOf(kuvert)) : '',
    notes: note ? single(textOf(note)) : '',
  };
}

/** Every card of a vCard file, in order; lines outside BEGIN/END are ignored. */
export function readVcards(bytes: Uint8Array, options: ReadVcardsOptions): ReadVcards {
  const binary = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/^\xEF\xBB\xBF/, '');
  const cards: VcardContact[] = [];
  let properties: Property[] | undefined;
  for (const line of logicalLines(binary)) {
    const property = parseProperty(line);
    if (!property) continue;
    const value = property.raw.trim().toUpperCase();
    if (property.name === 'BEGIN' && value === 'VCARD') {
      properties = [];
    } else if (property.name === 'END' && value === 'VCARD' && properties) {
      if (cards.length >= options.maxCards) return { cards, truncated: true };
      cards.push(contactOf(properties));
      properties = undefined;
    } else if (properties && properties.length < 500) {
      properties.push(property);
    }
  }
  return { cards, truncated: false };
}

/** Whether the start of a file looks like a vCard (after a BOM and blank lines). */
export function looksLikeVcard(head: Uint8Array): boolean {
  const start = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 1024))
    .toString('latin1')
    .replace(/^\xEF\xBB\xBF/, '')
    .trimStart();
  return /^BEGIN:VCARD/i.test(start);
}
