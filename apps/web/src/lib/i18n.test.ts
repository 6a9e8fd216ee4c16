// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@kuvert/shared/errors';
import { auditEventTypes } from '@kuvert/shared/profile';
import { detectLanguage, formatDate, formatDateTime, formatMoney } from './i18n.ts';
import deApp from './locales/de/app.json';
import deForms from './locales/de/forms.json';
import dePublic from './locales/de/public.json';
import enApp from './locales/en/app.json';
import enForms from './locales/en/forms.json';
import enPublic from './locales/en/public.json';

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
  it.each([
    ['public', enPublic, dePublic],
    ['app', enApp, deApp],
    ['forms', enForms, deForms],
  ])('English and German %s strings have exactly the same keys', (_, en, de) => {
    expect(keyPaths(de)).toEqual(keyPaths(en));
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

  it('has no empty string in either language', () => {
    for (const text of [
      ...leaves(enPublic),
      ...leaves(enApp),
      ...leaves(dePublic),
      ...leaves(deApp),
      ...leaves(enForms),
      ...leaves(deForms),
    ]) {
      expect(text.trim()).not.toBe('');
    }
  });

  it('translates every error code of the API', () => {
    for (const code of errorCodes) {
      expect(enPublic.errors).toHaveProperty(code);
      expect(dePublic.errors).toHaveProperty(code);
    }
  });

  it('translates every security event type', () => {
    for (const type of auditEventTypes) {
      expect(enApp.profile.audit.type).toHaveProperty(type);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const pairs: Array<[unknown, unknown]> = [
      [enPublic, dePublic],
      [enApp, deApp],
      [enForms, deForms],
    ];
    for (const [en, de] of pairs) {
      const enLeaves = leaves(en);
      const deLeaves = leaves(de);
      enLeaves.forEach((text, index) => {
        expect(placeholders(deLeaves[index] ?? '')).toEqual(placeholders(text));
      });
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
  const bundles = {
    en: [enPublic, enApp, enForms],
    de: [dePublic, deApp, deForms],
  } as const;

  it.each(['en', 'de'] as const)(
    'every counted %s string has each form its language needs, and nothing but forms',
    (language) => {
      const strings = new Map(bundles[language].flatMap((bundle) => entries(bundle)));
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

describe('detectLanguage', () => {
  it('prefers the stored language', () => {
    expect(detectLanguage('de', 'en-US')).toBe('de');
    expect(detectLanguage('en', 'de-AT')).toBe('en');
  });

  it('falls back to German for German browsers and to English for all others', () => {
    expect(detectLanguage(null, 'de-CH')).toBe('de');
    expect(detectLanguage('fr', 'de')).toBe('de');
    expect(detectLanguage(null, 'fr-FR')).toBe('en');
    expect(detectLanguage(null, undefined)).toBe('en');
  });
});

describe('Intl helpers', () => {
  it('formats amounts from minor units in the currency of the amount', () => {
    expect(formatMoney(123456, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
  });

  it('formats dates per language', () => {
    const date = '2026-03-01T10:00:00.000Z';
    expect(formatDate(date, 'de')).toMatch(/2026/u);
    expect(formatDate(date, 'en')).toMatch(/Mar/u);
    expect(formatDateTime(date, 'de')).not.toBe(formatDateTime(date, 'en'));
  });
});
