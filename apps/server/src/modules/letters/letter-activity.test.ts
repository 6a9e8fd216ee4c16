import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { letterDetailSchema } from '@kuvert/shared/letters';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { dayFromToday, deliverTestInvoice } from '../../test/invoices.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  moveLetterToAccount,
} from '../../test/mailbox.ts';
import {
  deliverSignatureRequest,
  letterOf,
  openCopyOf,
  signAs,
  type TestUser,
} from '../../test/signatures.ts';

describe.each(testEngines)(
  'who read, paid or signed a letter of a shared mailbox (%s)',
  (engine) => {
    let t: TestApp;
    let kim: TestUser;
    let ole: TestUser;
    let vera: TestUser;
    let accountId: string;
    let apiKey: string;

    beforeEach(async () => {
      t = await createTestApp(engine);
      kim = await createLoggedInUser(t.app, { firstName: 'Kim', lastName: 'Berg' });
      ole = await createLoggedInUser(t.app, { firstName: 'Ole', lastName: 'Berg' });
      vera = await createLoggedInUser(t.app, { firstName: 'Vera', lastName: 'Berg' });
      accountId = await createSharedAccount(t.app, kim.user.id, 'owner');
      await addMember(t.app, accountId, ole.user.id, 'member');
      await addMember(t.app, accountId, vera.user.id, 'viewer');
      apiKey = (await createTestProvider(t.app, { name: 'Stadtwerke' })).apiKey;
    });
    afterEach(async () => t.close());

    async function activityOf(user: TestUser, letterId: string) {
      const response = await letterOf(t.app, user, letterId);
      expect(response.statusCode).toBe(200);
      return letterDetailSchema.parse(response.json()).activity;
    }

    function post(user: TestUser, url: string, payload?: object) {
      return t.app.inject({
        method: 'POST',
        url,
        headers: user.headers,
        ...(payload ? { payload } : {}),
      });
    }

    it('names the member who read and the one who paid, "you" for the caller', async () => {
      const letterId = await deliverTestInvoice(t.app, apiKey, kim.email, { subject: 'Strom' });
      await moveLetterToAccount(t.app, letterId, accountId);
      expect(await activityOf(kim, letterId)).toEqual({ read: null, paid: null, signed: [] });

      // A viewer reads without changing anything: the letter stays unread for the others.
      expect((await post(vera, `/api/letters/${letterId}/read`)).statusCode).toBe(403);
      expect((await activityOf(kim, letterId)).read).toBeNull();

      const readAt = t.clock.now().toISOString();
      expect((await post(ole, `/api/letters/${letterId}/read`)).statusCode).toBe(204);
      expect((await activityOf(kim, letterId)).read).toEqual({
        name: 'Ole Berg',
        is_you: false,
        at: readAt,
        day_only: false,
      });
      expect((await activityOf(ole, letterId)).read).toMatchObject({
        name: 'Ole Berg',
        is_you: true,
      });

      // Reading it again later keeps the first reader; unread forgets them.
      t.clock.advanceSeconds(60);
      expect((await post(kim, `/api/letters/${letterId}/read`)).statusCode).toBe(204);
      expect((await activityOf(kim, letterId)).read).toMatchObject({
        name: 'Ole Berg',
        at: readAt,
      });
      expect((await post(kim, `/api/letters/${letterId}/unread`)).statusCode).toBe(204);
      expect((await activityOf(ole, letterId)).read).toBeNull();

      const paidOn = dayFromToday(t.app, -1);
      const paid = await post(kim, `/api/invoices/${letterId}/mark-paid`, { paid_on: paidOn });
      expect(paid.statusCode).toBe(200);
      const seen = await activityOf(ole, letterId);
      expect(seen.paid).toMatchObject({ name: 'Kim Berg', is_you: false, day_only: true });
      expect(seen.paid?.at.slice(0, 10)).toBe(paidOn);
    });

    it('names the signer who signed', async () => {
      const letterId = await deliverSignatureRequest(t.app, apiKey, kim.email);
      await moveLetterToAccount(t.app, letterId, accountId);
      const signedAt = t.clock.now().toISOString();
      expect((await signAs(t.app, kim, letterId)).statusCode).toBe(200);
      expect((await activityOf(ole, letterId)).signed).toEqual([
        { name: 'Kim Berg', is_you: false, at: signedAt, day_only: false },
      ]);
      expect((await activityOf(kim, letterId)).signed).toEqual([
        expect.objectContaining({ name: 'Kim Berg', is_you: true }),
      ]);
    });

    it("names only who signed this copy, not the request's signers of other copies", async () => {
      const anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Lind' });
      const letterId = await deliverSignatureRequest(t.app, apiKey, kim.email, {
        signers: [kim.email, anna.email],
      });
      await moveLetterToAccount(t.app, letterId, accountId);
      const annasId = await openCopyOf(t.app, anna);

      // Anna signs her own copy: Kim's letter in the shared mailbox is still unsigned.
      expect((await signAs(t.app, anna, annasId)).statusCode).toBe(200);
      expect((await activityOf(ole, letterId)).signed).toEqual([]);
      const seen = letterDetailSchema.parse((await letterOf(t.app, ole, letterId)).json());
      expect(
        seen.signature?.signers.map((signer) => [
          signer.name,
          signer.status,
          signer.is_this_letter,
        ]),
      ).toEqual([
        ['Kim Berg', 'pending', true],
        ['Anna Lind', 'signed', false],
      ]);

      const signedAt = t.clock.now().toISOString();
      expect((await signAs(t.app, kim, letterId)).statusCode).toBe(200);
      expect((await activityOf(ole, letterId)).signed).toEqual([
        { name: 'Kim Berg', is_you: false, at: signedAt, day_only: false },
      ]);
      expect((await activityOf(anna, annasId)).signed).toEqual([
        expect.objectContaining({ name: 'Anna Lind', is_you: true }),
      ]);
    });
  },
);
