// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '@kuvert/shared/errors';
import { auditEventTypes } from '@kuvert/shared/profile';
import {
  detectLanguage,
  formatDate,
  formatDateTime,
  formatMoney,
  loadTranslations,
  setLanguage,
  translate,
  type TranslationKey,
} from './i18n.ts';
import type { Language } from '@kuvert/shared/auth';
import { languages } from '@kuvert/shared/constants';
import daApp from './locales/da/app.json';
import daForms from './locales/da/forms.json';
import daPublic from './locales/da/public.json';
import deApp from './locales/de/app.json';
import deForms from './locales/de/forms.json';
import dePublic from './locales/de/public.json';
import enApp from './locales/en/app.json';
import enForms from './locales/en/forms.json';
import enPublic from './locales/en/public.json';
import nbApp from './locales/nb/app.json';
import nbForms from './locales/nb/forms.json';
import nbPublic from './locales/nb/public.json';
import svApp from './locales/sv/app.json';
import svForms from './locales/sv/forms.json';
import svPublic from './locales/sv/public.json';
import { sameInEnglish } from './locales/same-in-english.ts';

const parts = ['public', 'app', 'forms'] as const;
const locales: Record<Language, Record<(typeof parts)[number], unknown>> = {
  en: { public: enPublic, app: enApp, forms: enForms },
  de: { public: dePublic, app: deApp, forms: deForms },
  sv: { public: svPublic, app: svApp, forms: svForms },
  da: { public: daPublic, app: daApp, forms: daForms },
  nb: { public: nbPublic, app: nbApp, forms: nbForms },
};
const translated = languages.filter((language) => language !== 'en');

/** Every key path of a nested translation object, e.g. `login.title`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value)
    .flatMap(([key, child]) => keyPaths(child, prefix === '' ? key : `${prefix}.${key}`))
    .toSorted();
}

function placeholders(text: string): Array<string | undefined> {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/gu)].map((match) => match[1]).toSorted();
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(leaves);
}

describe('translations', () => {
  it.each(translated.flatMap((language) => parts.map((part) => [language, part] as const)))(
    'the %s %s strings have exactly the English keys',
    (language, part) => {
      expect(keyPaths(locales[language][part])).toEqual(keyPaths(locales.en[part]));
    },
  );

  it.each(translated)('no %s string is left in English unless it is the same word', (language) => {
    const english = new Map(parts.flatMap((part) => entries(locales.en[part])));
    const allowed = new Set<string>(sameInEnglish[language]);
    const leftOver = parts
      .flatMap((part) => entries(locales[language][part]))
      .filter(([key, text]) => english.get(key) === text && !allowed.has(key))
      .map(([key, text]) => `${key}: ${text}`);
    expect(leftOver).toEqual([]);
  });

  it.each(translated)('lists as the same word in %s only keys that are the same', (language) => {
    const english = new Map(parts.flatMap((part) => entries(locales.en[part])));
    const own = new Map(parts.flatMap((part) => entries(locales[language][part])));
    const stale = sameInEnglish[language].filter((key) => own.get(key) !== english.get(key));
    expect(stale).toEqual([]);
  });

  it('keeps the public and app parts apart', () => {
    const publicKeys = new Set(Object.keys(enPublic));
    expect(Object.keys(enApp).filter((key) => publicKeys.has(key))).toEqual([]);
  });

  it('keeps the strings of filling out forms in their own part, and only there', () => {
    const formsKeys = keyPaths(enForms);
    expect(formsKeys.every((key) => /^forms\.(fill|validation)\./u.test(key))).toBe(true);
    const elsewhere = new Set([...keyPaths(enPublic), ...keyPaths(enApp)]);
    expect(formsKeys.filter((key) => elsewhere.has(key))).toEqual([]);
  });

  it('has no empty string in any language', () => {
    for (const language of languages) {
      for (const part of parts) {
        for (const text of leaves(locales[language][part])) expect(text.trim()).not.toBe('');
      }
    }
  });

  it('translates every error code of the API', () => {
    for (const language of languages) {
      for (const code of errorCodes)
        expect(locales[language].public).toHaveProperty(`errors.${code}`);
    }
  });

  it('translates every security event type', () => {
    for (const type of auditEventTypes) {
      expect(enApp.profile.audit.type).toHaveProperty(type);
    }
  });

  it.each(translated)('uses the English placeholders in %s', (language) => {
    for (const part of parts) {
      const english = new Map(entries(locales.en[part]));
      const differing = entries(locales[language][part]).filter(
        ([key, text]) => placeholders(text).join() !== placeholders(english.get(key) ?? '').join(),
      );
      expect(differing).toEqual([]);
    }
  });
});

/** Every string of a nested translation object by its key path. */
function entries(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    entries(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

const pluralForm = /^(.*)_(zero|one|two|few|many|other)$/u;

describe('plural forms', () => {
  it.each(languages)(
    'every counted %s string has each form its language needs, and nothing but forms',
    (language) => {
      const strings = new Map(parts.flatMap((part) => entries(locales[language][part])));
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const keys = [...strings.keys()];
      const counted = new Set(keys.flatMap((key) => pluralForm.exec(key)?.[1] ?? []));
      const uncounted = keys.filter(
        (key) => !pluralForm.test(key) && strings.get(key)?.includes('{{count}}'),
      );
      expect(uncounted, 'strings with {{count}} but no plural forms').toEqual([]);
      expect(counted.size).toBeGreaterThan(10);
      const missing = [...counted].flatMap((base) => [
        ...(strings.has(base) ? [`${base} (plain and counted)`] : []),
        ...needed
          .filter((category) => !strings.has(`${base}_${category}`))
          .map((c) => `${base}_${c}`),
      ]);
      expect(missing).toEqual([]);
    },
  );
});

describe('the plural strings of every language for 0, 1, 2 and 5', () => {
  const counts = [0, 1, 2, 5] as const;
  const english = new Map(parts.flatMap((part) => entries(locales.en[part])));
  /** A base with an English `_other` form is a counted key the code may name. */
  const isCountedKey = (base: string): base is TranslationKey => english.has(`${base}_other`);
  /** Where English shows "1", a one form may say it in words ("Det enda objektet", "Det ene"). */
  const wordsForOne = /(?:^|\s)(?:one|eine?|en|ett|enda|et|ene|én)(?:\s|$)/iu;

  beforeAll(async () => {
    // setLanguage marks the page's language; a node test has no page.
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    await loadTranslations('app');
    await loadTranslations('forms');
  });

  afterAll(async () => {
    await setLanguage('en');
    vi.unstubAllGlobals();
  });

  it.each(languages)('%s says "one" for 1 only, 0 included', (language) => {
    const rules = new Intl.PluralRules(language);
    expect(counts.map((count) => rules.select(count))).toEqual(['other', 'one', 'other', 'other']);
  });

  it.each(languages)('%s picks the form of each count and shows the count', async (language) => {
    await setLanguage(language);
    const strings = new Map(parts.flatMap((part) => entries(locales[language][part])));
    const rules = new Intl.PluralRules(language);
    const englishRules = new Intl.PluralRules('en');
    const bases = [
      ...new Set([...strings.keys()].flatMap((key) => pluralForm.exec(key)?.[1] ?? [])),
    ].filter(isCountedKey);
    expect(bases.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const base of bases) {
      for (const count of counts) {
        const form = `${base}_${rules.select(count)}`;
        const text = translate(base, { count });
        const expected = strings.get(form)?.replaceAll('{{count}}', String(count));
        if (text !== expected) problems.push(`${form} for ${count}: ${text} (not ${expected})`);
        const englishText = english.get(`${base}_${englishRules.select(count)}`) ?? '';
        const englishShows = englishText
          .replaceAll('{{count}}', String(count))
          .includes(`${count}`);
        const shows = text.includes(String(count)) || (count === 1 && wordsForOne.test(text));
        if (englishShows && !shows) problems.push(`${form} for ${count} hides the count: ${text}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('detectLanguage', () => {
  it('prefers the stored language', () => {
    expect(detectLanguage('de', 'en-US')).toBe('de');
    expect(detectLanguage('en', 'de-AT')).toBe('en');
  });

  it('follows the browser to a language we speak, else English', () => {
    expect(detectLanguage(null, 'de-CH')).toBe('de');
    expect(detectLanguage('fr', 'de')).toBe('de');
    expect(detectLanguage(null, 'sv-SE')).toBe('sv');
    expect(detectLanguage(null, 'da')).toBe('da');
    expect(detectLanguage(null, 'nb-NO')).toBe('nb');
    expect(detectLanguage(null, 'fr-FR')).toBe('en');
    expect(detectLanguage(null, undefined)).toBe('en');
  });

  it('reads Norwegian and Nynorsk as Bokmål', () => {
    expect(detectLanguage(null, 'no')).toBe('nb');
    expect(detectLanguage(null, 'nn-NO')).toBe('nb');
  });

  it('takes the first of the browser languages that we speak', () => {
    expect(detectLanguage(null, ['fr-FR', 'fi', 'da-DK', 'de'])).toBe('da');
    expect(detectLanguage(null, ['fr-FR', 'fi'])).toBe('en');
  });
});

describe('Intl helpers', () => {
  it('formats amounts from minor units in the currency of the amount', () => {
    expect(formatMoney(123456, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
  });

  it('formats Nordic amounts: Danish groups with a dot, Swedish and Norwegian with a space', () => {
    expect(formatMoney(123450, 'DKK', 'da')).toBe('1.234,50\u00a0kr.');
    // ICU groups sv and nb digits with a no-break space (U+00A0), not U+202F or U+0020.
    expect(formatMoney(123450, 'SEK', 'sv')).toBe('1\u00a0234,50\u00a0kr');
    expect(formatMoney(123450, 'NOK', 'nb')).toBe('1\u00a0234,50\u00a0kr');
    expect(formatMoney(123450, 'EUR', 'sv')).toBe('1\u00a0234,50\u00a0€');
    expect(formatMoney(123450, 'EUR', 'nb')).toBe('1\u00a0234,50\u00a0€');
    expect(formatMoney(123450, 'EUR', 'da')).toBe('1.234,50\u00a0€');
  });

  it('formats dates per language', () => {
    // Noon UTC: the same day in every time zone the tests may run in.
    const date = '2026-03-01T12:00:00.000Z';
    expect(formatDate(date, 'en')).toBe('Mar 1, 2026');
    expect(formatDate(date, 'de')).toBe('01.03.2026');
    expect(formatDate(date, 'sv')).toBe('1 mars 2026');
    expect(formatDate(date, 'da')).toBe('1. mar. 2026');
    expect(formatDate(date, 'nb')).toBe('1. mars 2026');
  });

  it('formats date and time per language, the time in 24 hours but in English', () => {
    const date = '2026-03-01T12:00:00.000Z';
    expect(formatDateTime(date, 'en')).toMatch(/^Mar 1, 2026, \d{1,2}:\d{2}\s[AP]M$/u);
    expect(formatDateTime(date, 'de')).toMatch(/^01\.03\.2026, \d{2}:\d{2}$/u);
    expect(formatDateTime(date, 'sv')).toMatch(/^1 mars 2026 \d{2}:\d{2}$/u);
    // Danish writes the time with a dot.
    expect(formatDateTime(date, 'da')).toMatch(/^1\. mar\. 2026, \d{2}\.\d{2}$/u);
    expect(formatDateTime(date, 'nb')).toMatch(/^1\. mars 2026, \d{2}:\d{2}$/u);
  });
});
