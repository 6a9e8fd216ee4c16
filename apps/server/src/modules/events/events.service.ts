import type { FastifyInstance } from 'fastify';
import { findAccountIdsOfUser } from '../accounts/account-access.ts';

/** The accounts whose events the user may receive: re-read on every heartbeat. */
export async function getEventAccountIds(
  app: FastifyInstance,
  userId: string,
): Promise<Set<string>> {
  return new Set(await findAccountIdsOfUser(app.db, userId));
}
