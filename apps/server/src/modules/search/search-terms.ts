import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TERMS = 12;
const SNIPPET_WORDS_BEFORE = 6;
const SNIPPET_WORDS = 18;

/** Lower case without diacritics, so "Müllheim" and "mullheim" are one word. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a user's query. Everything else (quotes, operators, brackets, `*`) is
 * dropped here, so no input can reach either engine's query syntax.
 */
export function queryTerms(input: string): string[] {
  return (input.normalize('NFC').match(WORD) ?? []).slice(0, MAX_TERMS);
}

/** The text as PostgreSQL indexes it: folded words separated by spaces. */
export function foldText(text: string): string {
  return (text.match(WORD) ?? []).map(foldWord).join(' ');
}

function isMatch(word: string, terms: string[]): boolean {
  const folded = foldWord(word);
  return terms.some((term, index) =>
    // The last term is a prefix, as the user may still be typing it.
    index === terms.length - 1 ? folded.startsWith(term) : folded === term,
  );
}

/**
 * A few words around the first match with each matching word marked, or undefined when the
 * text has no match. Used where the engine has no snippet function that folds diacritics.
 */
export function buildSnippet(text: string, terms: string[]): string | undefined {
  const folded = terms.map(foldWord);
  const words = [...text.matchAll(WORD)];
  const first = words.findIndex((match) => isMatch(match[0], folded));
  if (first === -1) return undefined;
  const from = Math.max(0, first - SNIPPET_WORDS_BEFORE);
  const to = Math.min(words.length, from + SNIPPET_WORDS);
  const start = words[from]?.index ?? 0;
  const lastWord = words[to - 1];
  const end = lastWord ? (lastWord.index ?? 0) + lastWord[0].length : text.length;
  let snippet = '';
  let position = start;
  for (const match of words.slice(from, to)) {
    const index = match.index ?? 0;
    snippet += text.slice(position, index);
    snippet += isMatch(match[0], folded)
      ? `${SEARCH_HIGHLIGHT_START}${match[0]}${SEARCH_HIGHLIGHT_END}`
      : match[0];
    position = index + match[0].length;
  }
  const prefix = from > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  return `${prefix}${snippet.replace(/\s+/g, ' ')}${suffix}`;
}
