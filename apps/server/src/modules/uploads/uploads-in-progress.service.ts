import type { FastifyInstance } from 'fastify';
import type { UploadsInProgress } from '@kuvert/shared/uploads';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan, isAllowed } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { withUploadLock } from './upload-locks.ts';
import { discardReceivingUpload } from './upload-receiving.service.ts';
import { toUploadInProgress } from './uploads.presenter.ts';
import { findUploadsInProgress } from './uploads-in-progress.repository.ts';
import { withUploaderNames } from './upload-uploaders.ts';
import { findUploadForUser } from './uploads.repository.ts';

/*
 * Uploads in progress hold their announced size of the quota, so whoever may free that room
 * sees them: an owner every one of the account, a member their own, a viewer none (a viewer
 * can neither start nor cancel one).
 */

export async function listUploadsInProgress(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<UploadsInProgress> {
  const role = await assertAccountAction(app.db, userId, accountId, 'read');
  if (!isAllowed(role, 'upload')) return { uploads: [] };
  const rows = await findUploadsInProgress(
    app.db,
    accountId,
    isAllowed(role, 'manage-others-uploads') ? undefined : userId,
  );
  return { uploads: (await withUploaderNames(app.db, rows)).map(toUploadInProgress) };
}

/**
 * Cancels an upload in progress: its row (and so its room in the quota) and its bytes go; the
 * client that was sending it gets 404 from then on. 409 while a request is appending to it.
 */
export async function cancelUploadInProgress(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
): Promise<void> {
  const accountId = await withUploadLock(app, uploadId, async (db) => {
    const row = await findUploadForUser(db, userId, uploadId, 'receiving');
    if (!row) throw new AppError('NOT_FOUND');
    const role = assertCan(row.role, 'upload');
    const isOwn = row.created_by_user_id === userId;
    if (!isOwn && !isAllowed(role, 'manage-others-uploads')) throw new AppError('NOT_FOUND');
    await discardReceivingUpload(app, db, uploadId);
    return row.account_id;
  });
  await publishLiveEvent(app, { type: 'uploads.changed', account_id: accountId, upload_id: null });
}
