import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';

const WORD = /[\p{L}\p{N}]+/gu;
/** A balanced `"phrase"` (optionally `-"phrase"`), or a run of anything but spaces. */
const TOKEN = /(-?)"([^"]*)"|\S+/gu;
/** Typographic quotes as phones and German keyboards type them: „…“, “…”, «…». */
const TYPOGRAPHIC_QUOTES = /[\u201c\u201d\u201e\u00ab\u00bb]/gu;
const MAX_WORDS = 12;
const SNIPPET_WORDS_BEFORE = 6;
const SNIPPET_WORDS = 18;

/** Words that must stand side by side, in order: one word, or a quoted phrase. */
export interface SearchTerm {
  words: string[];
  /** The last word may be the start of a longer one: the user may still be typing it. */
  isPrefix: boolean;
  /** Typed in quotes: these words exactly, not another form of them. */
  isQuoted: boolean;
}

/**
 * What a user's query asks for: every entry of `required` matches (each entry is one or more
 * alternatives joined by OR), and no term of `excluded` does. Words only: quotes, brackets,
 * `*`, `NEAR`, `column:` and the like never reach either engine's query syntax.
 */
export interface ParsedQuery {
  required: SearchTerm[][];
  excluded: SearchTerm[];
}

/** A word to mark in a snippet: folded, and whether longer words starting with it count. */
export interface HighlightWord {
  word: string;
  isPrefix: boolean;
}

/**
 * Letters that no decomposition takes apart, as both engines fold them: a ligature is spelled
 * out (æ → ae, œ → oe, ß → ss), a letter with a stroke loses it as ö loses its dots (ø → o).
 * So "Ærø" is found by "aero", "Tromsø" by "tromso", "Straße" by "strasse". Both cases are
 * listed for SQLite, which spells them out before its tokenizer lower-cases (sqlite-fts.ts).
 */
export const SPELLED_OUT_LETTERS: Readonly<Record<string, string>> = {
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  ẞ: 'SS',
  ø: 'o',
  Ø: 'O',
};
const SPELLED_OUT = /[æÆœŒßẞøØ]/gu;

/** The text with SPELLED_OUT_LETTERS spelled out; everything else as it was. */
export function spellOutLetters(text: string): string {
  return text.replace(SPELLED_OUT, (letter) => SPELLED_OUT_LETTERS[letter] ?? letter);
}

/**
 * Lower case without diacritics, ligatures spelled out: "Müllheim" and "mullheim" are one
 * word, as are "Ærø" and "aero" (see SPELLED_OUT_LETTERS).
 */
export function foldWord(word: string): string {
  return spellOutLetters(word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
}

type Token =
  { kind: 'term'; words: string[]; isNegated: boolean; isQuoted: boolean } | { kind: 'or' };

const plainWord = (word: string): Token => ({
  kind: 'term',
  words: [word],
  isNegated: false,
  isQuoted: false,
});

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  for (const match of input.normalize('NFC').replace(TYPOGRAPHIC_QUOTES, '"').matchAll(TOKEN)) {
    const [text, minus, phrase] = match;
    if (phrase !== undefined) {
      const words = phrase.match(WORD) ?? [];
      if (words.length > 0)
        tokens.push({ kind: 'term', words, isNegated: minus === '-', isQuoted: true });
      continue;
    }
    if (text === 'OR') {
      tokens.push({ kind: 'or' });
      continue;
    }
    // Upper-case AND is what every word already is: joined by AND.
    if (text === 'AND') continue;
    const words = text.match(WORD) ?? [];
    // "-e-mail" excludes the words side by side; "e-mail" and "a:b" find each word anywhere.
    if (text.startsWith('-') && words.length > 0)
      tokens.push({ kind: 'term', words, isNegated: true, isQuoted: false });
    else tokens.push(...words.map(plainWord));
  }
  return tokens;
}

/** An OR with no term to join on either side is the word "OR". */
function resolveDanglingOr(tokens: Token[]): Token[] {
  return tokens.map((token, index) => {
    if (token.kind !== 'or') return token;
    const before = tokens[index - 1];
    const after = tokens[index + 1];
    const joins =
      before?.kind === 'term' && !before.isNegated && after?.kind === 'term' && !after.isNegated;
    return joins ? token : plainWord('OR');
  });
}

/** At most MAX_WORDS words in all, so no query costs the engines more than a few lookups. */
function capWords(tokens: Token[]): Token[] {
  let budget = MAX_WORDS;
  const capped: Token[] = [];
  for (const token of tokens) {
    if (token.kind === 'or') {
      capped.push(token);
      continue;
    }
    if (budget === 0) break;
    const words = token.words.slice(0, budget);
    budget -= words.length;
    capped.push({ ...token, words });
  }
  // A trailing OR lost its right-hand term to the cap.
  while (capped.at(-1)?.kind === 'or') capped.pop();
  return capped;
}

/**
 * Parses what people type into a search box: words (all must match), `"exact phrase"`,
 * `a OR b`, `-word` and `-"phrase"`. Anything else is read as words: an unbalanced quote is
 * a separator, a lone OR is a word, `*`, `(`, `:` are dropped. Never fails.
 */
export function parseQuery(input: string): ParsedQuery {
  const tokens = capWords(resolveDanglingOr(tokenize(input)));
  const required: SearchTerm[][] = [];
  const excluded: SearchTerm[] = [];
  let isJoining = false;
  for (const [index, token] of tokens.entries()) {
    if (token.kind === 'or') {
      isJoining = true;
      continue;
    }
    const isLast = index === tokens.length - 1;
    const term = {
      words: token.words,
      isPrefix: isLast && !token.isQuoted && !token.isNegated,
      isQuoted: token.isQuoted,
    };
    if (token.isNegated) excluded.push(term);
    else if (isJoining) required.at(-1)?.push(term);
    else required.push([term]);
    isJoining = false;
  }
  return { required, excluded };
}

/** The words a snippet marks: those the letter was found by. */
export function highlightWords(query: ParsedQuery): HighlightWord[] {
  return query.required.flat().flatMap((term) =>
    term.words.map((word, index) => ({
      word: foldWord(word),
      isPrefix: term.isPrefix && index === term.words.length - 1,
    })),
  );
}

/** The text as PostgreSQL indexes it: folded words separated by spaces. */
export function foldText(text: string): string {
  return (text.match(WORD) ?? []).map(foldWord).join(' ');
}

function isMatch(word: string, highlights: HighlightWord[]): boolean {
  const folded = foldWord(word);
  return highlights.some((highlight) =>
    highlight.isPrefix ? folded.startsWith(highlight.word) : folded === highlight.word,
  );
}

/**
 * A few words around the first match with each matching word marked, or undefined when the
 * text has no match. Used where the engine has no snippet function that folds diacritics.
 */
export function buildSnippet(text: string, highlights: HighlightWord[]): string | undefined {
  const words = [...text.matchAll(WORD)];
  const first = words.findIndex((match) => isMatch(match[0], highlights));
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
    snippet += isMatch(match[0], highlights)
      ? `${SEARCH_HIGHLIGHT_START}${match[0]}${SEARCH_HIGHLIGHT_END}`
      : match[0];
    position = index + match[0].length;
  }
  const prefix = from > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  return `${prefix}${snippet.replace(/\s+/g, ' ')}${suffix}`;
}
