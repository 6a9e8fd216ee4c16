import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditEventDetails } from '@kuvert/shared/profile';
import type { Database } from '../../db/schema.ts';
import { recordAuditEvents, type AuditEventType, type RequestOrigin } from '../../plugins/audit.ts';
import { findOwnerIds } from '../accounts/account-members.service.ts';

/**
 * A change of a mailbox's members goes into the security log of each of its owners (as they
 * are after the change), of the person who made it and of the person it concerned.
 */
export async function recordMemberEvent(
  app: Pick<FastifyInstance, 'clock'>,
  db: Kysely<Database>,
  input: {
    accountId: string;
    type: AuditEventType;
    origin: RequestOrigin;
    details: AuditEventDetails;
    alsoFor: ReadonlyArray<string | null>;
  },
): Promise<void> {
  const owners = await findOwnerIds(db, input.accountId);
  const others = input.alsoFor.filter((id): id is string => id !== null);
  await recordAuditEvents(app, db, [...owners, ...others], {
    type: input.type,
    origin: input.origin,
    details: input.details,
  });
}
