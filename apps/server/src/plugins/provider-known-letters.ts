import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A letter as reading it sees it: whose provider may hear that it was read. */
export interface ReadLetter {
  id: string;
  provider_id: string | null;
  signature_request_id: string | null;
}

/** Keeps the letters whose provider knows them by id. */
export type ProviderKnownLettersFilter = (
  db: Kysely<Database>,
  letters: ReadLetter[],
) => Promise<ReadLetter[]>;

/** Until an area knows better, every letter from a provider is known to it. */
const everyProviderLetter: ProviderKnownLettersFilter = async (_db, letters) =>
  letters.filter((letter) => letter.provider_id !== null);

let knownToProvider: ProviderKnownLettersFilter = everyProviderLetter;

/**
 * The hook by which the letters area, when a letter is first read, asks which letters their
 * provider knows (only those report `letter.read`). The signatures area answers it: a signer's
 * own copy of a signature request is not the letter the provider sent. A registered hook, so
 * that the lower area (letters) need not import the higher (signatures); the answer is the same
 * function for every app, so one registration at start-up serves them all.
 */
export function registerProviderKnownLetters(filter: ProviderKnownLettersFilter): void {
  knownToProvider = filter;
}

export async function filterLettersKnownToProvider<Letter extends ReadLetter>(
  db: Kysely<Database>,
  letters: Letter[],
): Promise<Array<Letter & { provider_id: string }>> {
  const known = new Set((await knownToProvider(db, letters)).map((letter) => letter.id));
  return letters.filter(
    (letter): letter is Letter & { provider_id: string } =>
      letter.provider_id !== null && known.has(letter.id),
  );
}
