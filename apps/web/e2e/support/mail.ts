import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_BASE_URL, E2E_MAIL_DIR } from './environment.ts';

/** Undoes quoted-printable soft line breaks and escapes, enough to read links. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function mailsTo(email: string): string[] {
  return readdirSync(E2E_MAIL_DIR)
    .filter((name) => name.endsWith('.eml') && name.includes(email))
    .toSorted();
}

/**
 * Waits for a new mail to `email` (after `seenBefore` mails) and returns the first portal link
 * in it that starts with `pathPrefix`.
 */
export async function waitForMailLink(
  email: string,
  pathPrefix: string,
  seenBefore = 0,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  const linkPattern = new RegExp(`${E2E_BASE_URL}${pathPrefix}[^\\s"<>]*`);
  while (Date.now() < deadline) {
    const names = mailsTo(email);
    for (const name of names.slice(seenBefore).toReversed()) {
      const text = decodeQuotedPrintable(readFileSync(path.join(E2E_MAIL_DIR, name), 'utf8'));
      const match = linkPattern.exec(text);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no mail to ${email} with a link to ${pathPrefix}`);
}

export function countMailsTo(email: string): number {
  return mailsTo(email).length;
}

/** The mails to `email` so far, oldest first, as raw text with quoted-printable undone. */
export function readMailsTo(email: string): string[] {
  return mailsTo(email).map((name) =>
    decodeQuotedPrintable(readFileSync(path.join(E2E_MAIL_DIR, name), 'utf8')),
  );
}
