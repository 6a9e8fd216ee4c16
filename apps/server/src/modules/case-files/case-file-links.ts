import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findLetterRefs } from '../letters/letter-lookups.service.ts';
import { findUploadRefs } from '../uploads/upload-lookups.service.ts';
import { findLinks, type LinkKind } from './case-file-items.repository.ts';
import type { LinkedRefs } from './case-files.presenter.ts';

/** Letters and attachments an item links, each once, in the order given. */
export interface ItemLinks {
  letterIds: string[];
  uploadIds: string[];
}

const NOT_FOUND_MESSAGES: Record<LinkKind, string> = {
  letters: 'A letter to link is not among the letters of this mailbox.',
  uploads: 'An upload to link is not among the uploads of this mailbox.',
};

function requireAll(kind: LinkKind, ids: readonly string[], known: ReadonlyMap<string, unknown>) {
  const missing = ids.find((id) => !known.has(id));
  if (missing === undefined) return;
  const path = kind === 'letters' ? 'letter_ids' : 'upload_ids';
  throw new AppError('NOT_FOUND', {
    message: NOT_FOUND_MESSAGES[kind],
    details: [{ path, message: `No ${kind === 'letters' ? 'letter' : 'upload'} ${missing}` }],
  });
}

/**
 * The letters and uploads to link, each of the account (received or sent, in the trash too:
 * a link to a trashed letter stays); 404 naming the field for any other.
 */
export async function requireLinkTargets(
  db: Kysely<Database>,
  accountId: string,
  links: { letterIds?: readonly string[]; uploadIds?: readonly string[] },
): Promise<{ links: Partial<ItemLinks>; refs: LinkedRefs }> {
  const letterIds = links.letterIds && [...new Set(links.letterIds)];
  const uploadIds = links.uploadIds && [...new Set(links.uploadIds)];
  const letters = await findLetterRefs(db, accountId, letterIds ?? []);
  requireAll('letters', letterIds ?? [], letters);
  const uploads = await findUploadRefs(db, accountId, uploadIds ?? []);
  requireAll('uploads', uploadIds ?? [], uploads);
  return {
    links: {
      ...(letterIds ? { letterIds } : {}),
      ...(uploadIds ? { uploadIds } : {}),
    },
    refs: { letters, uploads },
  };
}

/**
 * The items' links (the first `before` of each kind, or all) and what they link to: four
 * queries however many items, for the timeline and an item's page.
 */
export async function loadItemLinks(
  db: Kysely<Database>,
  accountId: string,
  itemIds: readonly string[],
  before?: number,
): Promise<{ links: Map<string, ItemLinks>; refs: LinkedRefs }> {
  const letterLists = await findLinks(db, 'letters', itemIds, before);
  const uploadLists = await findLinks(db, 'uploads', itemIds, before);
  const links = new Map(
    itemIds.map((id) => [
      id,
      { letterIds: letterLists.get(id) ?? [], uploadIds: uploadLists.get(id) ?? [] },
    ]),
  );
  const letters = await findLetterRefs(db, accountId, [...letterLists.values()].flat());
  const uploads = await findUploadRefs(db, accountId, [...uploadLists.values()].flat());
  return { links, refs: { letters, uploads } };
}
