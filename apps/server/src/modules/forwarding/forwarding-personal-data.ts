import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  deleteForwardedRowsOfUser,
  deleteSettings,
  findChosenProviderIds,
  findForwardedRowsOfUser,
  findSettingsRow,
} from './forwarding.repository.ts';

/*
 * Forwarding's part of a person's data, for the export and the account deletion: the
 * settings, the chosen providers and which letters were forwarded when.
 */

export interface ForwardingData {
  forwarding: {
    enabled: boolean;
    scope: string | null;
    provider_ids: string[];
    since: string | null;
  };
  forwarded_letters: Array<{ letter_id: string; outcome: string; sent_at: string }>;
}

export async function exportForwardingData(
  db: Kysely<Database>,
  userId: string,
): Promise<ForwardingData> {
  const [settings, providerIds, forwarded] = await Promise.all([
    findSettingsRow(db, userId),
    findChosenProviderIds(db, userId),
    findForwardedRowsOfUser(db, userId),
  ]);
  return {
    forwarding: {
      enabled: settings !== undefined,
      scope: settings?.scope ?? null,
      provider_ids: providerIds,
      since: settings ? new Date(settings.created_at).toISOString() : null,
    },
    forwarded_letters: forwarded.map((row) => ({
      letter_id: row.letter_id,
      outcome: row.outcome,
      sent_at: new Date(row.sent_at).toISOString(),
    })),
  };
}

/**
 * Turns forwarding off and forgets what was forwarded. `db` is the account purge's
 * transaction, which makes the two deletes one.
 */
export async function eraseForwardingData(db: Kysely<Database>, userId: string): Promise<void> {
  await deleteSettings(db, userId);
  await deleteForwardedRowsOfUser(db, userId);
}
