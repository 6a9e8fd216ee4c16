import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UPLOAD_IDLE_EXPIRY_MINUTES,
  UPLOADS_TUS_PATH,
  type UploadsInProgress,
} from '@kuvert/shared/uploads';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { addMember, createSharedAccount } from '../../test/mailbox.ts';
import { removeStaleUploads } from './upload-jobs.ts';
import { TUS, createTusUpload, patchUpload, uploadIdOf } from '../../test/uploads.ts';

type User = CreatedUser & LoggedIn;
const QUOTA = 1024 * 1024;

describe.each(testEngines)('uploads in progress of a shared account (%s)', (engine) => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let viewer: User;
  let account: string;

  beforeEach(async () => {
    t = await createTestApp(engine, {
      ACCOUNT_QUOTA_BYTES: String(QUOTA),
      // Sessions outlive the idle uploads the clock is moved past.
      SESSION_IDLE_MINUTES: '600',
    });
    owner = await createLoggedInUser(t.app);
    member = await createLoggedInUser(t.app);
    viewer = await createLoggedInUser(t.app);
    account = await createSharedAccount(t.app, owner.user.id);
    await addMember(t.app, account, member.user.id, 'member');
    await addMember(t.app, account, viewer.user.id, 'viewer');
  });
  afterEach(async () => t.close());

  const announce = async (user: User, name: string, length = 300 * 1024) =>
    uploadIdOf(await createTusUpload(t.app, user, { accountId: account, name, length }));
  const listAs = async (user: User) => {
    const response = await t.app.inject({
      url: `/api/uploads/in-progress?account_id=${account}`,
      headers: { cookie: user.cookie },
    });
    return { status: response.statusCode, body: response.json<UploadsInProgress>() };
  };
  const cancelAs = (user: User, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/in-progress/${id}`,
      headers: user.headers,
    });
  const usedBytes = async () =>
    (
      await t.app.inject({
        url: `/api/uploads/usage?account_id=${account}`,
        headers: { cookie: owner.cookie },
      })
    ).json<{ used_bytes: number }>().used_bytes;

  it("shows the owner a member's announced uploads, and lets the owner cancel them", async () => {
    const ids = [
      await announce(member, 'a.txt'),
      await announce(member, 'b.txt'),
      await announce(member, 'c.txt'),
    ];
    // The member's announcements, without a byte, have filled the quota.
    expect(
      (
        await createTusUpload(t.app, owner, {
          accountId: account,
          name: 'mine.txt',
          length: 300 * 1024,
        })
      ).statusCode,
    ).toBe(413);

    const seen = await listAs(owner);
    expect(seen.status).toBe(200);
    expect(seen.body.uploads).toHaveLength(3);
    expect(seen.body.uploads[0]).toMatchObject({
      name: expect.stringMatching(/^[abc]\.txt$/),
      size: 300 * 1024,
      received_bytes: 0,
      started_by: { id: member.user.id, name: expect.any(String) },
    });
    expect((await listAs(member)).body.uploads.map((upload) => upload.id).toSorted()).toEqual(
      ids.toSorted(),
    );
    const asViewer = await listAs(viewer);
    expect(asViewer).toEqual({ status: 200, body: { uploads: [] } });

    expect((await cancelAs(viewer, ids[0] ?? '')).statusCode).toBe(403);
    expect((await cancelAs(owner, ids[0] ?? '')).statusCode).toBe(204);
    expect((await cancelAs(member, ids[1] ?? '')).statusCode).toBe(204);
    expect(await usedBytes()).toBe(300 * 1024);
    // The member's client finds it gone.
    const patch = await patchUpload(t.app, member, ids[0] ?? '', 0, Buffer.from('hello'));
    expect(patch.statusCode).toBe(404);
    expect((await listAs(owner)).body.uploads.map((upload) => upload.id)).toEqual([ids[2]]);
  });

  it('lets a member cancel only their own, and strangers see nothing', async () => {
    const ownersUpload = await announce(owner, 'owner.txt');
    expect((await listAs(member)).body.uploads).toEqual([]);
    expect((await cancelAs(member, ownersUpload)).statusCode).toBe(404);
    const stranger = await createLoggedInUser(t.app);
    expect((await listAs(stranger)).status).toBe(404);
    expect((await cancelAs(stranger, ownersUpload)).statusCode).toBe(404);
    expect((await listAs(owner)).body.uploads).toHaveLength(1);
  });

  it('removes an upload that received no byte for a while, and frees its room', async () => {
    const idle = await announce(member, 'idle.txt');
    const created = await createTusUpload(t.app, member, {
      accountId: account,
      name: 'slow.txt',
      length: 300 * 1024,
    });
    const slow = uploadIdOf(created);
    const expires = Date.parse(String(created.headers['upload-expires']));
    expect(expires - t.clock.now().getTime()).toBeLessThanOrEqual(
      UPLOAD_IDLE_EXPIRY_MINUTES * 60_000,
    );

    t.clock.advanceSeconds((UPLOAD_IDLE_EXPIRY_MINUTES - 5) * 60);
    expect(
      (await patchUpload(t.app, member, slow, 0, Buffer.from('still here\n'))).statusCode,
    ).toBe(204);
    t.clock.advanceSeconds(10 * 60);
    // What the cleanup job, every few minutes, does.
    expect(await removeStaleUploads(t.app)).toBe(1);

    expect((await listAs(owner)).body.uploads.map((upload) => upload.id)).toEqual([slow]);
    expect(await usedBytes()).toBe(300 * 1024);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `${UPLOADS_TUS_PATH}/${idle}`,
      headers: { cookie: member.cookie, ...TUS },
    });
    expect(head.statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'uploads-staging', idle))).toBe(false);
  });
});
