import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SendLetterRequest } from '@kuvert/shared/outbox';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { personalAccountOf } from '../../test/mailbox.ts';

type User = CreatedUser & LoggedIn;

const BERLIN = {
  name: 'Erika Mustermann',
  street: 'Heidestraße 17',
  postcode: '51147',
  city: 'Köln',
  country: 'DE',
} as const;

/*
 * A send that writes nothing must not tell whether an e-mail address has a Kuvert account:
 * otherwise anyone could ask, address by address, with a letter that never goes out.
 */
describe.each(testEngines)('outbox: who is on Kuvert stays unsaid (%s)', (engine) => {
  let t: TestApp;
  let me: User;
  let friendEmail: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    friendEmail = (await createLoggedInUser(t.app)).email;
  });
  afterEach(async () => t.close());

  async function answerFor(email: string, body: Partial<SendLetterRequest>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/letters',
      headers: me.headers,
      payload: {
        account_id: personalAccountOf(me),
        subject: 'Hello',
        body: 'Text.',
        ...body,
        recipients: [{ channel: 'kuvert', email }, ...(body.recipients ?? [])],
      },
    });
    return { status: response.statusCode, code: response.json().code };
  }

  it.each<[string, Partial<SendLetterRequest>]>([
    [
      'a postal recipient without the sender’s address',
      { recipients: [{ channel: 'postal', address: BERLIN }] },
    ],
    ['an attachment that is not there', { upload_ids: ['0193a0b0-0000-7000-8000-000000000000'] }],
    ['a draft that is gone', { draft_id: '0193a0b0-0000-7000-8000-000000000001' }],
  ])('answers alike for an account and for none with %s', async (_, body) => {
    const known = await answerFor(friendEmail, body);
    const unknown = await answerFor('nobody-at-all@example.com', body);

    expect(known.status).toBeGreaterThanOrEqual(400);
    expect(unknown).toEqual(known);
  });
});
