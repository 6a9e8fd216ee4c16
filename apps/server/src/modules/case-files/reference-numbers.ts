/**
 * Reference numbers in letters and notes: an Aktenzeichen, a customer, contract or policy
 * number, written after its label ("Kundennummer: 4711-0815", "Az. 12 O 345/26", "Policy no.
 * ABC 123 456"). Only labelled numbers count: a bare number in a letter is as likely a date,
 * an amount, an IBAN or a phone number, and suggesting a file for one of those would be noise.
 */

export interface FoundReference {
  /** Upper case, letters and digits only: what two spellings of one number share. */
  reference: string;
  /** As written, label and number ("Kundennummer 4711-0815"). */
  display: string;
}

/** The German "…nummer / …-Nr. / …nr." family: a stem and any of those endings. */
const GERMAN_NUMBER_STEMS = [
  'versicherungsschein',
  'versicherungs',
  'vertrags',
  'kunden',
  'policen',
  'mitglieds',
  'steuer',
  'zähler',
  'vorgangs',
  'akten',
];
const GERMAN_NUMBER_ENDING = String.raw`(?:-?nummer|[- ]?nr\.?)`;

/** English "… number / … no." labels. */
const ENGLISH_NUMBER_STEMS = [
  'customer',
  'account',
  'contract',
  'policy',
  'case',
  'membership',
  'member',
  'reference',
];
const ENGLISH_NUMBER_ENDING = String.raw`(?:[ -]?number|[ -]?no\.?)`;

/** Longer labels first: the alternation takes the first that fits. */
const LABELS = [
  `(?:${GERMAN_NUMBER_STEMS.join('|')})${GERMAN_NUMBER_ENDING}`,
  'aktenzeichen',
  'geschäftszeichen',
  String.raw`(?:unser|ihre?)[ \t]+(?:zeichen|az\.?)`,
  String.raw`(?:our|your)[ \t]+ref(?:erence)?\.?`,
  `(?:${ENGLISH_NUMBER_STEMS.join('|')})${ENGLISH_NUMBER_ENDING}`,
  'reference',
  'referenz',
  String.raw`ref\.?`,
  String.raw`az\.?`,
  String.raw`gz\.`,
];

/**
 * A label at a word start, not running on into a word, then an optional ':' or '.', at most
 * one line break (PDF text wraps "Zählernummer" and its number apart), and the number: chunks
 * of letters, digits, '/', '-' and '.', one space apart. Two spaces, a line break or any other
 * character end it. Each part is bounded by a character the next cannot start with, so the
 * expression runs in linear time over long document text.
 */
const REFERENCE_PATTERN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${LABELS.join('|')})(?!\p{L})[ \t]*[:.#]?[ \t]*(?:\r?\n[ \t]*)?` +
    String.raw`([\p{L}\p{N}][\p{L}\p{N}/.\-]*(?: [\p{L}\p{N}/.\-]+)*)`,
  'giu',
);

const MIN_DIGITS = 3;
const MAX_NUMBER_LENGTH = 40;
/** References kept from one text: a letter naming more is a list, not a file's numbers. */
const MAX_REFERENCES_PER_TEXT = 20;

const HAS_DIGIT = /\p{N}/u;
/** A short code between numbers ("12 O 345/26", "ABC 123"). */
const SHORT_CODE = /^\p{Lu}{1,3}$/u;
const DATE = /^(?:\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})$/;

/**
 * The number's chunks up to the first that is neither a number nor a short code followed by
 * one ("4711-0815 vom 3. März" → "4711-0815"); trailing '.', '-' and '/' are punctuation.
 */
function numberOf(raw: string): string {
  const chunks = raw.split(' ');
  const kept: string[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const next = chunks[index + 1];
    const isCode = SHORT_CODE.test(chunk) && next !== undefined && HAS_DIGIT.test(next);
    if (!HAS_DIGIT.test(chunk) && !isCode) break;
    kept.push(chunk);
  }
  return kept.join(' ').replace(/[./-]+$/u, '');
}

function digitCount(text: string): number {
  return text.match(/\p{N}/gu)?.length ?? 0;
}

export function normaliseReference(text: string): string {
  return text
    .normalize('NFC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The labelled reference numbers in `text`, each once (by its normalised form), in order. */
export function findReferenceNumbers(text: string): FoundReference[] {
  const found = new Map<string, FoundReference>();
  const pattern = new RegExp(REFERENCE_PATTERN);
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const [whole, label = '', raw = ''] = match;
    const numberStart = match.index + whole.length - raw.length;
    const number = numberOf(raw);
    // Go on right after the number taken (or the label), so "Ihr Zeichen Unser Zeichen: 12"
    // still finds the second label.
    pattern.lastIndex = Math.max(numberStart + number.length, match.index + label.length);
    if (number.length === 0 || number.length > MAX_NUMBER_LENGTH) continue;
    if (digitCount(number) < MIN_DIGITS || DATE.test(number)) continue;
    // "1.234,56": an amount, cut at its comma.
    const end = numberStart + number.length;
    if (text[end] === ',' && /\d/.test(text[end + 1] ?? '')) continue;
    const reference = normaliseReference(number);
    if (found.has(reference)) continue;
    found.set(reference, { reference, display: `${label.replace(/[ \t]+/g, ' ')} ${number}` });
    if (found.size >= MAX_REFERENCES_PER_TEXT) break;
  }
  return [...found.values()];
}

/** The references of several texts together, each once, the first spelling kept. */
export function mergeReferences(lists: Iterable<readonly FoundReference[]>): FoundReference[] {
  const merged = new Map<string, FoundReference>();
  for (const list of lists) {
    for (const found of list) {
      if (!merged.has(found.reference)) merged.set(found.reference, found);
    }
  }
  return [...merged.values()];
}
