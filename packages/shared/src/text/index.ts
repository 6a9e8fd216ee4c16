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

/**
 * A one-line text someone gives that is shown to others (a file name, a subject, a title, a
 * person's or a contact's name): without bidirectional controls, then trimmed, so limits
 * such as `.min(1)` apply to what is shown. Chain length limits onto it.
 */
export function shownText() {
  return z.string().overwrite(stripBidiControls).trim();
}
