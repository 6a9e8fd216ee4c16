import type { FastifyInstance } from 'fastify';
import { findLiveFolderIds } from '../folders/folders.service.ts';
import { findFolderIdsOfLetters, restoreLetters } from './letter-writes.repository.ts';

/**
 * Takes the letters out of the trash, each back into its folder while the folders area says
 * that folder is live, else into the inbox. One transaction, so a letter never comes back into
 * a folder read as live before the restore began but trashed since within it.
 */
export async function restoreLettersToLiveFolders(
  app: Pick<FastifyInstance, 'db'>,
  userId: string,
  letterIds: string[],
): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    const folderIds = await findFolderIdsOfLetters(trx, letterIds);
    const liveFolderIds = await findLiveFolderIds(trx, folderIds);
    return restoreLetters(trx, userId, letterIds, liveFolderIds);
  });
}
