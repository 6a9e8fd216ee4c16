import { useSyncExternalStore } from 'react';
import type { Language } from '@kuvert/shared/auth';
import { isLanguage, languageOfTag } from '@kuvert/shared/constants';
import type enApp from './locales/en/app.json';
import type enForms from './locales/en/forms.json';
import type enPublic from './locales/en/public.json';
import { getDateTimeFormat, getNumberFormat } from './intl-format.ts';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

/**
 * Kuvert's own translation layer: i18next's JSON format and `t(key, { var })` with `{{var}}`
 * placeholders, without i18next itself. i18next and react-i18next alone cost ~20 KB of the
 * 150 KB first-load budget of /login (DESIGN §7) for features we do not use (escaping is
 * React's job).
 *
 * Plurals follow i18next's JSON v4 keys: a counted string is stored as `key_one`, `key_other`
 * (and `_zero`, `_two`, `_few`, `_many` where a language has them); `t('key', { count })` picks
 * the form with `Intl.PluralRules` of the current language. Code names only `key`.
 *
 * Strings come in parts: `public` (what anyone sees: login, reset, errors), `app` (the
 * signed-in portal) and `forms` (filling out a form: the public fill-out page has its own
 * first-load budget and needs neither of the others' bulk). The login page only downloads
 * the public strings of its one language with its first load; everything else is fetched when
 * a page needs it.
 */
export type TranslationPart = 'public' | 'app' | 'forms';
type Bundle = { [key: string]: string | Bundle };
type Strings = typeof enPublic & typeof enApp & typeof enForms;

export const pluralSuffixes = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralSuffix = (typeof pluralSuffixes)[number];
type WithoutPlural<Key extends string> = Key extends `${infer Base}_${PluralSuffix}` ? Base : Key;

/** Every dotted path to a string, e.g. `login.title`; a plural's forms count as one key. */
type KeyPaths<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends string
    ? `${Prefix}${WithoutPlural<Key>}`
    : KeyPaths<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

export type TranslationKey = KeyPaths<Strings>;
export type TranslationValues = Record<string, string | number>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

const bundles: Record<Language, Record<TranslationPart, () => Promise<{ default: Bundle }>>> = {
  en: {
    public: () => import('./locales/en/public.json'),
    app: () => import('./locales/en/app.json'),
    forms: () => import('./locales/en/forms.json'),
  },
  de: {
    public: () => import('./locales/de/public.json'),
    app: () => import('./locales/de/app.json'),
    forms: () => import('./locales/de/forms.json'),
  },
  sv: {
    public: () => import('./locales/sv/public.json'),
    app: () => import('./locales/sv/app.json'),
    forms: () => import('./locales/sv/forms.json'),
  },
  da: {
    public: () => import('./locales/da/public.json'),
    app: () => import('./locales/da/app.json'),
    forms: () => import('./locales/da/forms.json'),
  },
  nb: {
    public: () => import('./locales/nb/public.json'),
    app: () => import('./locales/nb/app.json'),
    forms: () => import('./locales/nb/forms.json'),
  },
};

const activeParts = new Set<TranslationPart>(['public']);
const loadedBundles = new Set<string>();
const resources: Record<Language, Bundle> = { en: {}, de: {}, sv: {}, da: {}, nb: {} };
let currentLanguage: Language = 'en';
const listeners = new Set<() => void>();

function notifyListeners(): void {
  // A new function on every change of language or strings: it is the store's snapshot, so
  // components re-render, memoised children that receive `t` included.
  currentT = (key, values) => translate(key, values);
  for (const listener of listeners) listener();
}

function mergeInto(target: Bundle, source: Bundle): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') mergeInto(existing, value);
    else target[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

function lookup(bundle: Bundle, key: string): string | undefined {
  let node: string | Bundle | undefined = bundle;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(template: string, values: TranslationValues | undefined): string {
  if (!values) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/gu, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** A counted key's form for `count` in `language`, else its `_other` form, else the key. */
function lookupIn(language: Language, key: string, count: number | undefined) {
  const bundle = resources[language];
  if (count === undefined) return lookup(bundle, key);
  return (
    lookup(bundle, `${key}_${pluralCategory(language, count)}`) ??
    lookup(bundle, `${key}_other`) ??
    lookup(bundle, key)
  );
}

/**
 * The string in the current language, else the key itself (never blank). Every language has
 * every string (the translation tests fail on a missing one), so only the current language is
 * loaded: the login page's first load carries one language's strings, whichever it is
 * (DESIGN §7). English answers for a string only where its strings are loaded anyway.
 */
export function translate(key: TranslationKey, values?: TranslationValues): string {
  const count = typeof values?.count === 'number' ? values.count : undefined;
  const template = lookupIn(currentLanguage, key, count) ?? lookupIn('en', key, count) ?? key;
  return interpolate(template, values);
}

let currentT: TFunction = (key, values) => translate(key, values);

export const i18n = {
  get language(): Language {
    return currentLanguage;
  },
  t: translate,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t` for components; they re-render when the language or the loaded strings change. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const t = useSyncExternalStore(subscribe, () => currentT);
  return { t, i18n };
}

/**
 * The stored choice wins; else the first of the browser's preferred languages that we speak
 * (Norwegian `no` and Nynorsk `nn` read as Bokmål); else English.
 */
export function detectLanguage(
  stored: string | null,
  browserLanguages: string | readonly string[] | undefined,
): Language {
  if (isLanguage(stored)) return stored;
  const tags = typeof browserLanguages === 'string' ? [browserLanguages] : (browserLanguages ?? []);
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}

async function loadBundles(languages: readonly Language[], parts: Iterable<TranslationPart>) {
  const pending: Promise<void>[] = [];
  for (const language of languages) {
    for (const part of parts) {
      const id = `${language}/${part}`;
      if (loadedBundles.has(id)) continue;
      pending.push(
        bundles[language][part]().then(({ default: bundle }) => {
          mergeInto(resources[language], bundle);
          loadedBundles.add(id);
        }),
      );
    }
  }
  await Promise.all(pending);
  if (pending.length > 0) notifyListeners();
}

/**
 * The language being switched to while its strings load, else the current one. A part asked
 * for meanwhile (the portal's strings, right after login) is loaded in it too, so the switch
 * never ends with a part missing in the new language.
 */
let targetLanguage: Language = 'en';
/** Switches in the order they were asked for: a slower, older one never wins. */
let latestSwitch = 0;

/** Makes sure a part of the strings is there, now and after every language switch. */
export async function loadTranslations(part: TranslationPart): Promise<void> {
  activeParts.add(part);
  await loadBundles([...new Set([currentLanguage, targetLanguage])], [part]);
}

/** Start-up step 1. */
export async function initI18n(): Promise<void> {
  currentLanguage = detectLanguage(
    readStorage(storageKeys.language),
    navigator.languages.length > 0 ? navigator.languages : navigator.language,
  );
  targetLanguage = currentLanguage;
  await loadBundles([currentLanguage], activeParts);
  document.documentElement.lang = currentLanguage;
}

export function getLanguage(): Language {
  return currentLanguage;
}

/**
 * Switches the UI language and remembers it on this device; nothing more. The user's language
 * (the profile's too) is lib/user-language's: controls and session answers go there.
 */
export async function setLanguage(language: Language): Promise<void> {
  latestSwitch += 1;
  const thisSwitch = latestSwitch;
  targetLanguage = language;
  writeStorage(storageKeys.language, language);
  await loadBundles([language], activeParts);
  if (thisSwitch !== latestSwitch) return;
  currentLanguage = language;
  document.documentElement.lang = language;
  notifyListeners();
}

type DateInput = Date | string | number;

export function formatDate(value: DateInput, language: Language = getLanguage()): string {
  return getDateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(value));
}

export function formatDateTime(value: DateInput, language: Language = getLanguage()): string {
  return getDateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

/** Amounts travel as integer minor units (cents); the currency says how many decimals. */
export function formatMoney(
  minorUnits: number,
  currency: string,
  language: Language = getLanguage(),
): string {
  const format = getNumberFormat(language, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}
