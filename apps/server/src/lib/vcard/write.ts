/*
 * vCard 3.0 (RFC 2426) as Kuvert exports it: UTF-8, CRLF, text escaped, lines folded at 75
 * octets without splitting a character.
 */

export interface VcardOutput {
  name: string;
  organisation: string;
  email: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  /** As text, in the reader's language. */
  country: string;
  kuvertAddress: string;
  notes: string;
}

const MAX_LINE_OCTETS = 75;

export function escapeVcardText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a line into pieces of at most 75 octets; each continuation starts with a space. */
export function foldVcardLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      pieces.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n');
}

/** N's family and given name from a full name: the last word is taken as the family name. */
function structuredName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return ';;;;';
  const family = words.pop() ?? '';
  return `${escapeVcardText(family)};${escapeVcardText(words.join(' '))};;;`;
}

function cardLines(contact: VcardOutput): string[] {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`FN:${escapeVcardText(contact.name || contact.organisation)}`);
  lines.push(`N:${structuredName(contact.name)}`);
  if (contact.organisation) lines.push(`ORG:${escapeVcardText(contact.organisation)}`);
  if (contact.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeVcardText(contact.email)}`);
  if (contact.phone) lines.push(`TEL;TYPE=VOICE:${escapeVcardText(contact.phone)}`);
  if (contact.street || contact.city || contact.postcode) {
    const parts = ['', '', contact.street, contact.city, '', contact.postcode, contact.country];
    lines.push(`ADR;TYPE=POSTAL:${parts.map(escapeVcardText).join(';')}`);
  }
  if (contact.kuvertAddress)
    lines.push(`X-KUVERT-ADDRESS:${escapeVcardText(contact.kuvertAddress)}`);
  if (contact.notes) lines.push(`NOTE:${escapeVcardText(contact.notes)}`);
  lines.push('END:VCARD');
  return lines;
}

export function writeVcards(contacts: VcardOutput[]): string {
  return contacts.flatMap(cardLines).map(foldVcardLine).join('\r\n') + '\r\n';
}
