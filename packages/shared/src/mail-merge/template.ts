/**
 * `{{placeholders}}` in a mail-merge subject or body. The same rules on the server (which
 * renders) and in the browser (which previews and flags): a name is any text up to 60
 * characters without braces or line breaks, trimmed, matched to columns without regard to
 * case; `{{` without its `}}` is an error, never literal text. No escaping, no logic: what the
 * cell holds is what the letter says.
 */
export const PLACEHOLDER_NAME_MAX_LENGTH = 60;

export type TemplatePart = { kind: 'text'; text: string } | { kind: 'placeholder'; name: string };

export type TemplateProblem =
  /** `{{` with no `}}` after it on the same line. */
  | { kind: 'unclosed'; index: number }
  /** `{{}}`, or a name that is too long or holds a brace. */
  | { kind: 'invalid_name'; index: number };

export type ParsedTemplate =
  | { ok: true; parts: TemplatePart[]; placeholders: string[] }
  | { ok: false; problem: TemplateProblem; line: number; column: number };

export function parseTemplate(text: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const names = new Map<string, string>();
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf('{{', position);
    if (open === -1) break;
    if (open > position) parts.push({ kind: 'text', text: text.slice(position, open) });
    const close = text.indexOf('}}', open + 2);
    const lineEnd = nextLineBreak(text, open);
    if (close === -1 || close > lineEnd) return failure(text, { kind: 'unclosed', index: open });
    const name = text.slice(open + 2, close).trim();
    if (name === '' || name.length > PLACEHOLDER_NAME_MAX_LENGTH || /[{}]/.test(name)) {
      return failure(text, { kind: 'invalid_name', index: open });
    }
    parts.push({ kind: 'placeholder', name });
    const key = placeholderKey(name);
    if (!names.has(key)) names.set(key, name);
    position = close + 2;
  }
  if (position < text.length) parts.push({ kind: 'text', text: text.slice(position) });
  return { ok: true, parts, placeholders: [...names.values()] };
}

/** Fills the placeholders; a name without a value stays visible as `{{name}}`. */
export function renderTemplate(
  parts: readonly TemplatePart[],
  values: ReadonlyMap<string, string>,
): string {
  let rendered = '';
  for (const part of parts) {
    if (part.kind === 'text') rendered += part.text;
    else rendered += values.get(placeholderKey(part.name)) ?? `{{${part.name}}}`;
  }
  return rendered;
}

/** How placeholders and column headers are compared: trimmed, case-insensitive. */
export function placeholderKey(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}

function nextLineBreak(text: string, from: number): number {
  const found = text.slice(from).search(/[\r\n]/);
  return found === -1 ? text.length : from + found;
}

function failure(text: string, problem: TemplateProblem): ParsedTemplate {
  const before = text.slice(0, problem.index);
  const lines = before.split(/\r\n|\r|\n/);
  return {
    ok: false,
    problem,
    line: lines.length,
    column: (lines.at(-1)?.length ?? 0) + 1,
  };
}
