/*
 * Every CSV Kuvert writes goes through here, because a spreadsheet opening it runs a cell that
 * starts with `=`, `+`, `-` or `@` as a formula (CSV injection: `=HYPERLINK(…)`, DDE). As OWASP
 * advises, such a cell, and one starting with a tab or carriage return, gets a leading `'`, which
 * makes it text. The guard goes on every cell, phone numbers such as `+49 30 1234` included: a
 * cell that looks harmless is exactly what an attacker writes. Kuvert's own imports take the
 * `'` off again (unguardCsvCell).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet will show it as text, never run it. */
export function guardCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reverse of guardCsvCell, for reading back a CSV Kuvert wrote. */
export function unguardCsvCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** One cell, guarded, quoted when it holds the delimiter, a quote, a line break or edge spaces. */
export function csvCell(value: string, delimiter = ';'): string {
  const guarded = guardCsvCell(value);
  const needsQuotes =
    guarded.includes(delimiter) || /["\r\n]/.test(guarded) || /^\s|\s$/.test(guarded);
  return needsQuotes ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/**
 * Rows as a CSV Excel opens as it should where Kuvert's users live: UTF-8 with a byte order
 * mark, `;` between cells, CRLF after each row.
 */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  const lines = rows.map((cells) => cells.map((cell) => csvCell(cell)).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
