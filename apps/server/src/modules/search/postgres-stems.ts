import { sql, type Kysely } from 'kysely';
import { languages } from '@kuvert/shared/constants';
import type { Language } from '@kuvert/shared/auth';
import type { Database } from '../../db/schema.ts';

/*
 * Stems on PostgreSQL: a letter is found by another form of its words in the searcher's
 * language ("fakturan" finds "faktura"). PostgreSQL's own Snowball dictionaries make the stems.
 *
 * Indexed: for each of the five languages, the stem of each word, as the lexeme
 * `~<language>~<stem>` under the account key, in the keyed vector only (the GIN-indexed one,
 * no positions: phrases stay exact). The weighted vector, which every match reads to be
 * checked and ranked, keeps only the words: a search by the words costs what it did, and a
 * match by a stem alone ranks below one by the words. `~` is never in a folded word, so a
 * stem never meets a word's prefix query. A word that is its own stem is not stored again:
 * its plain lexeme stands for it, so a query's stem is looked for as both. Stems of all five
 * languages, because a letter carries no language and a mailbox's members may each read it in
 * their own.
 *
 * Searched: a single unquoted word matches its folded form (a prefix when last) or its stem in
 * the searcher's language. Phrases and exclusions stay exact.
 */

/** PostgreSQL's Snowball dictionary of each language (with its stop words). */
const STEM_DICTIONARIES: Record<Language, string> = {
  en: 'english_stem',
  de: 'german_stem',
  sv: 'swedish_stem',
  da: 'danish_stem',
  nb: 'norwegian_stem',
};

/**
 * Endings Snowball leaves on nouns that end in a vowel, taken off first so the definite and
 * plural forms meet the bare noun: Swedish "fakturan", "fakturans" (faktura + n, s), Norwegian
 * "fakturaen", "fakturaene", "fakturaer". Danish Snowball already takes these off.
 */
const VOWEL_NOUN_ENDINGS: Partial<Record<Language, RegExp>> = {
  sv: /(?<=[a-z]{3}[aeiouy])[nt]s?$/u,
  nb: /(?<=[a-z]{3}[aeiouy])(?:ene|en|et|er)s?$/u,
};

/** The word (folded) as it goes to the language's stemmer. */
export function stemInput(language: Language, foldedWord: string): string {
  const ending = VOWEL_NOUN_ENDINGS[language];
  return ending ? foldedWord.replace(ending, '') : foldedWord;
}

/** The lexeme a stem is indexed as: never a folded word, nor the start of one. */
export function stemLexeme(language: Language, stem: string): string {
  return `~${language}~${stem}`;
}

/** Longer "words" (codes, hashes, run-together text) get no stem. */
const MAX_STEMMED_LENGTH = 64;

/** A folded word and the language whose stem of it is wanted. */
interface StemRequest {
  language: Language;
  word: string;
}

const requestKey = (request: StemRequest) =>
  `${request.language} ${stemInput(request.language, request.word)}`;

/**
 * The stems of the words in their languages, by requestKey, in one statement: Snowball's one
 * stem, or none for a stop word.
 */
async function lookUpStems(
  db: Kysely<Database>,
  requests: Iterable<StemRequest>,
): Promise<Map<string, string>> {
  const inputs = new Map<string, { dictionary: string; input: string }>();
  for (const request of requests) {
    if (request.word.length > MAX_STEMMED_LENGTH) continue;
    inputs.set(requestKey(request), {
      dictionary: STEM_DICTIONARIES[request.language],
      input: stemInput(request.language, request.word),
    });
  }
  const stems = new Map<string, string>();
  if (inputs.size === 0) return stems;
  const entries = [...inputs.values()];
  const { rows } = await sql<{ position: number; stem: string | null }>`
    select t.position::int as position, (ts_lexize(t.dictionary::regdictionary, t.input))[1] as stem
    from unnest(${entries.map((entry) => entry.dictionary)}::text[],
      ${entries.map((entry) => entry.input)}::text[]) with ordinality as t(dictionary, input, position)`.execute(
    db,
  );
  const keys = [...inputs.keys()];
  for (const row of rows) {
    const key = keys[row.position - 1];
    if (key !== undefined && row.stem !== null) stems.set(key, row.stem);
  }
  return stems;
}

/**
 * The stem lexemes of these folded words in all five languages, for each letter or upload's
 * set of words: one statement for all of them.
 */
export async function stemLexemesOf(
  db: Kysely<Database>,
  wordSets: readonly ReadonlySet<string>[],
): Promise<string[][]> {
  const requests = wordSets.flatMap((words) =>
    [...words].flatMap((word) => languages.map((language) => ({ language, word }))),
  );
  const stems = await lookUpStems(db, requests);
  return wordSets.map((words) => {
    const lexemes = new Set<string>();
    for (const word of words) {
      for (const language of languages) {
        const stem = stems.get(requestKey({ language, word }));
        if (stem !== undefined && stem !== word) lexemes.add(stemLexeme(language, stem));
      }
    }
    return [...lexemes];
  });
}

/** The stems of these folded query words in the searcher's language, by word. */
export async function queryStems(
  db: Kysely<Database>,
  language: Language,
  words: readonly string[],
): Promise<Map<string, string>> {
  const stems = await lookUpStems(
    db,
    words.map((word) => ({ language, word })),
  );
  const byWord = new Map<string, string>();
  for (const word of words) {
    const stem = stems.get(requestKey({ language, word }));
    if (stem !== undefined) byWord.set(word, stem);
  }
  return byWord;
}

/**
 * What a word's stem in the searcher's language matches in the keyed vector, as tsquery text:
 * the stem lexeme, or a word that is its own stem. Stems are letters and digits (of folded
 * words), so no quoting is needed.
 */
export function stemAlternative(language: Language, stem: string, accountKey: string): string {
  return `'${accountKey}${stemLexeme(language, stem)}' | '${accountKey}${stem}'`;
}
