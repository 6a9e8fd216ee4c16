import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sameInEnglish } from '../../src/lib/locales/same-in-english.ts';

export type JourneyLanguage = 'en' | 'de' | 'sv' | 'da' | 'nb';
type Bundle = { [key: string]: string | Bundle };

const localesFolder = path.join(import.meta.dirname, '../../src/lib/locales');
const bundles = new Map<JourneyLanguage, Map<string, string>>();

function flatten(bundle: Bundle, prefix = '', into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(bundle)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') into.set(name, value);
    else flatten(value, name, into);
  }
  return into;
}

/** Every string of a language, public, portal and forms, by its dotted key. */
function stringsOf(language: JourneyLanguage): Map<string, string> {
  let strings = bundles.get(language);
  if (!strings) {
    strings = new Map();
    for (const part of ['public', 'app', 'forms']) {
      const file = path.join(localesFolder, language, `${part}.json`);
      const bundle: Bundle = JSON.parse(readFileSync(file, 'utf8'));
      flatten(bundle, '', strings);
    }
    bundles.set(language, strings);
  }
  return strings;
}

/**
 * What the portal shows for `key` in `language`, as the app's own `t` makes it: `{{name}}`
 * filled in, a counted key in the form `Intl.PluralRules` picks. The journeys read and click
 * the words a person of that language sees, without a copy of every string in the test.
 */
export function textOf(
  language: JourneyLanguage,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const strings = stringsOf(language);
  const count = values.count;
  const template =
    typeof count === 'number'
      ? (strings.get(`${key}_${new Intl.PluralRules(language).select(count)}`) ??
        strings.get(`${key}_other`))
      : strings.get(key);
  if (template === undefined) throw new Error(`no string ${key} in ${language}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/gu, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
}

/** The fixed parts of a string around its placeholders. */
const fixedParts = (text: string) =>
  text
    .split(/\{\{\s*\w+\s*\}\}/u)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * English strings a page in `language` must not show: those the language words differently.
 * Whole strings of one word are matched as whole lines only ("Status" may be a Swedish word
 * inside a sentence); strings of several words anywhere in the page's text.
 */
function englishOnlyTexts(language: JourneyLanguage) {
  const own = stringsOf(language);
  const ownParts = new Set([...own.values()].flatMap(fixedParts));
  const allowed = new Set<string>(language === 'en' ? [] : sameInEnglish[language]);
  const lines = new Set<string>();
  const phrases = new Set<string>();
  for (const [key, english] of stringsOf('en')) {
    if (allowed.has(key) || own.get(key) === english) continue;
    for (const part of fixedParts(english)) {
      if (ownParts.has(part) || !/\p{L}{3}/u.test(part)) continue;
      if (/\s/u.test(part) && part.length >= 10) phrases.add(part);
      else lines.add(part);
    }
  }
  return { lines, phrases };
}

/**
 * The English interface text showing on the page (its visible text), in a page that should
 * speak `language`: a string someone forgot to translate, or a page that fell back to English.
 */
export async function englishTextOn(page: Page, language: JourneyLanguage): Promise<string[]> {
  const { lines, phrases } = englishOnlyTexts(language);
  const text = await page.locator('body').innerText();
  const found = new Set<string>();
  for (const line of text.split('\n').map((each) => each.trim())) {
    if (lines.has(line)) found.add(line);
  }
  for (const phrase of phrases) if (text.includes(phrase)) found.add(phrase);
  return [...found];
}
