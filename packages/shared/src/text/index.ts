import { z } from 'zod';

/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the marks LRM, RLM and ALM. Invisible, they reorder what follows:
 * `Rechnung\u202Efdp.exe` shows as “Rechnungexe.pdf”.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without bidirectional controls, so it shows in the order it is stored. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** A C0 control or DEL: a tab or line break pasted into a one-line text, or a NUL. */
function isControlCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}

/** One line as it is shown: bidirectional controls dropped, other controls made spaces. */
export function toShownLine(text: string): string {
  return [...stripBidiControls(text)]
    .map((character) => (isControlCharacter(character) ? ' ' : character))
    .join('');
}

/**
 * A one-line text someone gives that is shown to others (a file name, a subject, a title, a
 * person's or a contact's name, also when it comes from an imported file): without
 * bidirectional controls, other control characters as spaces, trimmed, so limits such as
 * `.min(1)` apply to what is shown. Chain length limits onto it.
 */
export function shownText() {
  return z.string().overwrite(toShownLine).trim();
}
