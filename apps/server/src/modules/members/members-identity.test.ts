import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, linkIn, login } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { freePort, verifyAtTestIdp } from '../../test/identity.ts';

/*
 * Onboarding by identity (issue 24): an owner may require that the person invited verifies
 * their identity before they can accept. The server enforces it; verification goes over real
 * HTTP through the built-in test identity provider.
 */
describe.each(testEngines)('an invitation that requires a verified identity (%s)', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(engine, { PUBLIC_URL: base });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  type Headers = { cookie: string; 'x-csrf-token': string };

  async function mailboxWithInvitation(
    owner: { headers: Headers },
    email: string,
  ): Promise<{ accountId: string; token: string }> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: owner.headers,
      payload: { name: 'Berg household' },
    });
    expect(created.statusCode).toBe(201);
    const accountId: string = created.json().id;
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/invitations`,
      headers: owner.headers,
      payload: { email, role: 'viewer', requires_identity: true },
    });
    expect(invited.statusCode).toBe(204);
    const link = linkIn(t.mailer.lastTo(email).text, `${base}/invitation?token=`);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    return { accountId, token };
  }

  const accept = (headers: Headers, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers,
      payload: { token },
    });

  const memberIds = async (owner: { headers: Headers }, accountId: string) => {
    const response = await t.app.inject({
      url: `/api/accounts/${accountId}/members`,
      headers: { cookie: owner.headers.cookie },
    });
    return response.json().members.map((member: { email: string }) => member.email);
  };

  it('is refused before the identity is verified and accepted after it', async () => {
    const owner = await createLoggedInUser(t.app);
    const invitee = await createLoggedInUser(t.app);
    const { accountId, token } = await mailboxWithInvitation(owner, invitee.email);

    const listed = await t.app.inject({
      url: `/api/accounts/${accountId}/members`,
      headers: { cookie: owner.headers.cookie },
    });
    expect(listed.json().invitations).toEqual([
      expect.objectContaining({ email: invitee.email, requires_identity: true }),
    ]);
    const info = await t.app.inject({ url: `/api/invitations/info?token=${token}` });
    expect(info.json()).toMatchObject({ has_account: true, requires_identity: true });

    const refused = await accept(invitee.headers, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('INVITATION_IDENTITY_REQUIRED');
    expect(await memberIds(owner, accountId)).not.toContain(invitee.email);

    expect((await verifyAtTestIdp(t.app, base, invitee.headers)).statusCode).toBe(200);
    const accepted = await accept(invitee.headers, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ account_id: accountId });
    expect(await memberIds(owner, accountId)).toContain(invitee.email);
  });

  it('someone without a login makes it first, verifies, then accepts', async () => {
    const owner = await createLoggedInUser(t.app);
    const email = `nia.${engine}@example.com`;
    const { accountId, token } = await mailboxWithInvitation(owner, email);

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept-new',
      payload: {
        token,
        first_name: 'Nia',
        last_name: 'Berg',
        password: 'a long enough passphrase',
      },
    });
    expect(made.statusCode).toBe(200);
    // The login is made, but the mailbox is not joined yet: the invitation stays open.
    expect(made.json()).toEqual({ account_id: null });
    expect(await memberIds(owner, accountId)).not.toContain(email);
    const info = await t.app.inject({ url: `/api/invitations/info?token=${token}` });
    expect(info.json()).toMatchObject({ has_account: true, requires_identity: true });

    const nia = await login(t.app, email, 'a long enough passphrase');
    expect((await accept(nia.headers, token)).json().code).toBe('INVITATION_IDENTITY_REQUIRED');
    expect((await verifyAtTestIdp(t.app, base, nia.headers, 'preset-1')).statusCode).toBe(200);
    const accepted = await accept(nia.headers, token);
    expect(accepted.json()).toEqual({ account_id: accountId });
    expect(await memberIds(owner, accountId)).toContain(email);
    expect((await accept(nia.headers, token)).json().code).toBe('INVITATION_USED');
  });

  it('an invitation without the requirement is accepted without verification', async () => {
    const owner = await createLoggedInUser(t.app);
    const invitee = await createLoggedInUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: owner.headers,
      payload: { name: 'Flat' },
    });
    const accountId: string = created.json().id;
    await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/invitations`,
      headers: owner.headers,
      payload: { email: invitee.email, role: 'viewer' },
    });
    const link = linkIn(t.mailer.lastTo(invitee.email).text, `${base}/invitation?token=`);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    const info = await t.app.inject({ url: `/api/invitations/info?token=${token}` });
    expect(info.json()).toMatchObject({ requires_identity: false });
    expect((await accept(invitee.headers, token)).statusCode).toBe(200);
  });
});
