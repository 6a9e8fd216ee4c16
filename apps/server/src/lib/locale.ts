import type { Language } from '@kuvert/shared/auth';

/** The Intl locale each language's dates, numbers and amounts are written in. */
const locales: Record<Language, string> = {
  en: 'en-GB',
  de: 'de-DE',
  sv: 'sv-SE',
  da: 'da-DK',
  nb: 'nb-NO',
};

export function localeOf(language: Language): string {
  return locales[language];
}
