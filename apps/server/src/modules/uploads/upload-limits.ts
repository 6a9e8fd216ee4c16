import type { FastifyInstance } from 'fastify';
import { sumUploadBytes } from './uploads.repository.ts';

/**
 * The account's uploads in the one storage quota: stored, in the trash, and in progress at
 * their announced size (so parallel uploads cannot overrun it together).
 */
export function countUploadsInQuota(app: FastifyInstance): void {
  app.storageQuota.countStoredBytes(async (db, holder) =>
    holder.kind === 'account' ? sumUploadBytes(db, holder.accountId) : 0,
  );
}
