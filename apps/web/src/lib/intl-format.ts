/**
 * Shared `Intl` formatters. Building one is far slower than using it (a letter row formats
 * up to four dates and amounts, and lists re-render), so each language and options pair is
 * built once per page.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function getDateTimeFormat(
  language: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, options);
    dateFormats.set(key, format);
  }
  return format;
}

export function getNumberFormat(
  language: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** The formatters the portal's lists and letters use (lib/dates, lib/i18n), most common first. */
const commonFormats: ReadonlyArray<(language: string) => unknown> = [
  (language) => getNumberFormat(language, { style: 'currency', currency: 'EUR' }),
  (language) => getDateTimeFormat(language, { day: 'numeric', month: 'short' }),
  (language) => getDateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  (language) => getDateTimeFormat(language, { dateStyle: 'medium' }),
  (language) => getDateTimeFormat(language, { timeStyle: 'short' }),
];

/**
 * Builds the common formatters ahead of need, each in a task of its own: the first currency
 * and date formatters took ~50 ms each of a slow phone's time, inside the task that rendered
 * the page's data once it arrived. Started while the portal's code and data are on the way.
 */
export function prepareFormats(language: string): void {
  const pending = [...commonFormats];
  const next = () => {
    const prepare = pending.shift();
    if (prepare === undefined) return;
    prepare(language);
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
