import { languages, type Language } from '@kuvert/shared/auth';

/** Norwegian in general and Nynorsk read as Bokmål, the Norwegian Kuvert is written in. */
const aliases: Record<string, Language> = { no: 'nb', nn: 'nb' };

function isLanguage(value: string): value is Language {
  return languages.some((language) => language === value);
}

/** The Kuvert language of a language tag by its primary subtag (sv-SE → sv, nn → nb), if any. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase() ?? '';
  return isLanguage(primary) ? primary : aliases[primary];
}

/**
 * The first Kuvert language among tags separated by spaces or commas (`ui_locales`, a `lang`
 * query, an Accept-Language header in its order of preference), else `fallback`.
 */
export function firstKnownLanguage(tags: unknown, fallback: Language = 'en'): Language {
  if (typeof tags !== 'string') return fallback;
  for (const tag of tags.split(/[\s,]+/)) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return fallback;
}
