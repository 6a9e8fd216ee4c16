import { z } from 'zod';
import type { CountryCode } from '../postal/index.ts';

/**
 * The language a printed letter is written in: its date and page labels (the country line of
 * a foreign address follows postal rules instead, in the sender's language).
 */
export const printLanguages = ['en', 'de', 'sv', 'da', 'nb'] as const;
export const printLanguageSchema = z.enum(printLanguages);
export type PrintLanguage = z.infer<typeof printLanguageSchema>;

/** What the writer chose: a language, or `auto` (by each postal recipient's country). */
export const printLanguageChoiceSchema = z.enum(['auto', ...printLanguages]);
export type PrintLanguageChoice = z.infer<typeof printLanguageChoiceSchema>;

/** Where letters are read in a language other than English; English everywhere else. */
const COUNTRY_LANGUAGES: ReadonlyMap<CountryCode, PrintLanguage> = new Map<
  CountryCode,
  PrintLanguage
>([
  ['DE', 'de'],
  ['AT', 'de'],
  ['CH', 'de'],
  ['LI', 'de'],
  ['LU', 'de'],
  ['SE', 'sv'],
  ['DK', 'da'],
  ['NO', 'nb'],
]);

/** The language a letter to this country is printed in when nobody chose one. */
export function printLanguageForCountry(country: CountryCode): PrintLanguage {
  return COUNTRY_LANGUAGES.get(country) ?? 'en';
}

/** The language of the letter to a postal recipient in `country`, given the writer's choice. */
export function printLanguageFor(
  choice: PrintLanguageChoice | null | undefined,
  country: CountryCode,
): PrintLanguage {
  return choice === null || choice === undefined || choice === 'auto'
    ? printLanguageForCountry(country)
    : choice;
}
