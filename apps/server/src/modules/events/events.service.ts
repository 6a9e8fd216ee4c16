import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@kuvert/shared/events';
import { findAccountIdsOfUser } from '../accounts/accounts.service.ts';

/** The accounts whose events the user may receive: re-read on every heartbeat. */
export async function getEventAccountIds(
  app: FastifyInstance,
  userId: string,
): Promise<Set<string>> {
  return new Set(await findAccountIdsOfUser(app.db, userId));
}

/**
 * Tells the account's open tabs, on every instance, that something changed; a tab that was
 * away gets it when it reconnects (plugins/events.ts). Call it after the change is committed,
 * outside any transaction (it writes). A live event is a hint (a client that cannot be caught
 * up refetches): one that cannot be published is logged, and never turns a done change into
 * an error.
 */
export async function publishLiveEvent(app: FastifyInstance, event: LiveEvent): Promise<void> {
  try {
    await app.events.publish(event);
  } catch (error) {
    app.log.warn({ err: error, event: event.type }, 'live event not published');
  }
}
