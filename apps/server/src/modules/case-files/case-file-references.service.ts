import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LetterCaseFiles } from '@kuvert/shared/case-files';
import type { Database } from '../../db/schema.ts';
import { readLetterTexts, requireVisibleLetter } from '../letters/letter-lookups.service.ts';
import { findLinks } from './case-file-items.repository.ts';
import {
  findFilesOfLetter,
  findFilesWithReferences,
  replaceItemReferences,
} from './case-file-references.repository.ts';
import { toColor } from './case-files.presenter.ts';
import { findReferenceNumbers, mergeReferences, type FoundReference } from './reference-numbers.ts';

/** An item as its reference numbers are found: its own text and the letters it links. */
export interface ItemText {
  id: string;
  file_id: string;
  account_id: string;
  title: string;
  notes: string;
}

/** The reference numbers each letter carries (subject, body, documents' text). */
async function referencesOfLetters(
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<Map<string, FoundReference[]>> {
  const found = new Map<string, FoundReference[]>();
  await readLetterTexts(db, letterIds, (letterId, text) => {
    found.set(letterId, findReferenceNumbers(text));
  });
  return found;
}

/**
 * Finds the reference numbers of the items again, from their title and notes and their
 * letters' text, and keeps them for suggestions. Call in the transaction that changed the
 * items or their links; each linked letter is read once however many of the items link it.
 */
export async function refreshItemReferences(
  db: Kysely<Database>,
  items: readonly ItemText[],
): Promise<void> {
  if (items.length === 0) return;
  const letterLists = await findLinks(
    db,
    'letters',
    items.map((item) => item.id),
  );
  const ofLetters = await referencesOfLetters(db, [...letterLists.values()].flat());
  for (const item of items) {
    const own = findReferenceNumbers(`${item.title}\n${item.notes}`);
    const fromLetters = (letterLists.get(item.id) ?? []).map((id) => ofLetters.get(id) ?? []);
    await replaceItemReferences(db, item, mergeReferences([own, ...fromLetters]));
  }
}

/**
 * The live files a letter is in (each with its newest item linking it), and the files it
 * may belong to: those whose items carry a reference number the letter carries too.
 */
export async function getLetterCaseFiles(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<LetterCaseFiles> {
  const letter = await requireVisibleLetter(app, userId, letterId);
  const files: LetterCaseFiles['files'] = [];
  for (const row of await findFilesOfLetter(app.db, letter.account_id, letter.id)) {
    if (files.some((file) => file.id === row.id)) continue;
    files.push({
      id: row.id,
      title: row.title,
      color: toColor(row.color),
      item_id: row.item_id,
      item_title: row.item_title,
    });
  }
  const carried = (await referencesOfLetters(app.db, [letter.id])).get(letter.id) ?? [];
  const matches = await findFilesWithReferences(
    app.db,
    letter.account_id,
    carried.map((found) => found.reference),
  );
  const suggestions: LetterCaseFiles['suggestions'] = [];
  const seen = new Set(files.map((file) => file.id));
  for (const match of matches) {
    if (seen.has(match.id)) continue;
    seen.add(match.id);
    suggestions.push({
      file: { id: match.id, title: match.title, color: toColor(match.color) },
      reference: match.display,
    });
  }
  return { files, suggestions };
}
