import { AppError } from '../plugins/app-error.ts';

/**
 * Saves a row that carries an edit `version` (a draft), whole, over the stored one. `write` is
 * the repository's `update … set version = expected + 1 where id = ? and version = expected`,
 * answering whether it changed a row. When it did not, someone saved since the caller loaded
 * `expected`: nothing is overwritten and the answer is 409 CONFLICT, `message` saying what to do.
 */
export async function saveAtVersion(write: () => Promise<boolean>, message: string): Promise<void> {
  if (await write()) return;
  throw new AppError('CONFLICT', {
    message,
    details: [{ path: 'version', message: 'Not the latest version' }],
  });
}
