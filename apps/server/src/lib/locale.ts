import { languageSchema, type Language } from '@kuvert/shared/auth';

/*
 * The one place that turns a Kuvert language into the locale Intl formats with: dates, numbers,
 * amounts and plurals in mails and documents follow the person's language, not the server's.
 */

const locales = {
  en: 'en-GB',
  de: 'de-DE',
  sv: 'sv-SE',
  da: 'da-DK',
  nb: 'nb-NO',
} as const satisfies Record<Language, string>;

/** en → en-GB, de → de-DE, sv → sv-SE, da → da-DK, nb → nb-NO. */
export function localeOf(language: Language): string {
  return locales[language];
}

/** A language stored as text (a column, a job's payload); anything unknown reads as English. */
export function languageOf(value: string | null | undefined): Language {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : 'en';
}

/** The words of a counted thing, `#` standing for the number; `other` is required by every language. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** formatCount('sv', 5, { one: '# minut', other: '# minuter' }) → "5 minuter". */
export function formatCount(language: Language, count: number, forms: PluralForms): string {
  const locale = localeOf(language);
  const category = new Intl.PluralRules(locale).select(count);
  const number = new Intl.NumberFormat(locale).format(count);
  return (forms[category] ?? forms.other).replaceAll('#', number);
}

/** 2026-03-05 → "5 March 2026", "5. März 2026", "5 mars 2026"…: a calendar day, so in UTC. */
export function formatDay(language: Language, day: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A moment as a day in the given time zone: "5 March 2026", "5. marts 2026"… */
export function formatDate(language: Language, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone }).format(date);
}

/** A moment with its time of day in the given time zone: "24 November 2026 at 14:05"… */
export function formatDateTime(language: Language, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/**
 * An amount in minor units: 123450 DKK → "1.234,50 kr." (da), 123450 SEK → "1 234,50 kr" (sv);
 * a currency without cents keeps its units, and a code Intl does not know shows as given.
 */
export function formatMoney(language: Language, minor: number, currency: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
