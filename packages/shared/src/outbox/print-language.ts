import { z } from 'zod';
import type { CountryCode } from '../postal/index.ts';

/**
 * The language a printed letter is written in: its date and page labels (the country line of
 * a foreign address follows postal rules instead, in the sender's language).
 */
export const printLanguages = ['de', 'en'] as const;
export const printLanguageSchema = z.enum(printLanguages);
export type PrintLanguage = z.infer<typeof printLanguageSchema>;

/** What the writer chose: a language, or `auto` (by each postal recipient's country). */
export const printLanguageChoiceSchema = z.enum(['auto', ...printLanguages]);
export type PrintLanguageChoice = z.infer<typeof printLanguageChoiceSchema>;

/** Where letters are read in German. */
const GERMAN_SPEAKING_COUNTRIES: ReadonlySet<CountryCode> = new Set(['DE', 'AT', 'CH', 'LI', 'LU']);

/** The language a letter to this country is printed in when nobody chose one. */
export function printLanguageForCountry(country: CountryCode): PrintLanguage {
  return GERMAN_SPEAKING_COUNTRIES.has(country) ? 'de' : 'en';
}

/** The language of the letter to a postal recipient in `country`, given the writer's choice. */
export function printLanguageFor(
  choice: PrintLanguageChoice | null | undefined,
  country: CountryCode,
): PrintLanguage {
  return choice === 'de' || choice === 'en' ? choice : printLanguageForCountry(country);
}
