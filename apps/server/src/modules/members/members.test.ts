import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createLoggedInUser, linkIn, login, sessionCookieOf } from '../../test/factories.ts';
import {
  addMember,
  createTestProvider,
  deliverTestLetter,
  moveLetterToAccount,
  personalAccountOf,
} from '../../test/mailbox.ts';
import { runCli, type CliIo } from '../../cli/run-cli.ts';

type Session = { headers: { cookie: string; 'x-csrf-token': string }; cookie: string };

describe.each(testEngines)('members of a mailbox (%s)', (engine) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  async function createMailbox(owner: Session, name = 'Berg household'): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: owner.headers,
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  function invite(
    owner: Session,
    accountId: string,
    payload: { email: string; role: string; access_until?: string | null },
  ) {
    return t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/invitations`,
      headers: owner.headers,
      payload,
    });
  }

  function tokenMailedTo(email: string): string {
    const link = linkIn(t.mailer.lastTo(email).text, 'http://localhost:3000/invitation?token=');
    return decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
  }

  function accept(session: Session, token: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: session.headers,
      payload: { token },
    });
  }

  function members(session: Session, accountId: string) {
    return t.app.inject({
      url: `/api/accounts/${accountId}/members`,
      headers: { cookie: session.cookie },
    });
  }

  async function letterIn(accountId: string, recipientEmail: string): Promise<string> {
    const provider = await createTestProvider(t.app);
    const id = await deliverTestLetter(t.app, provider.apiKey, recipientEmail);
    await moveLetterToAccount(t.app, id, accountId);
    return id;
  }

  async function auditTypes(session: Session): Promise<string[]> {
    const response = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: session.cookie },
    });
    return response.json().events.map((event: { type: string }) => event.type);
  }

  it('an owner creates a shared mailbox, invites by e-mail, and the invitee joins as viewer', async () => {
    const owner = await createLoggedInUser(t.app, { firstName: 'Kim', lastName: 'Berg' });
    const invitee = await createLoggedInUser(t.app, { firstName: 'Ole', lastName: 'Berg' });
    const accountId = await createMailbox(owner);

    const invited = await invite(owner, accountId, { email: invitee.email, role: 'viewer' });
    expect(invited.statusCode).toBe(204);
    const mail = t.mailer.lastTo(invitee.email);
    expect(mail.subject).toBe('Kim Berg invites you to the mailbox "Berg household"');

    const pending = await members(owner, accountId);
    expect(pending.json().invitations).toEqual([
      expect.objectContaining({ email: invitee.email, role: 'viewer', invited_by: 'Kim Berg' }),
    ]);

    const token = tokenMailedTo(invitee.email);
    const info = await t.app.inject({ url: `/api/invitations/info?token=${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      mailbox_name: 'Berg household',
      inviter_name: 'Kim Berg',
      role: 'viewer',
      has_account: true,
    });

    const accepted = await accept(invitee, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ account_id: accountId });

    const list = await t.app.inject({ url: '/api/accounts', headers: { cookie: invitee.cookie } });
    expect(list.json().accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: accountId, name: 'Berg household', role: 'viewer' }),
      ]),
    );
    // The viewer sees the members but not the invitations.
    const seen = await members(invitee, accountId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().members.map((member: { name: string }) => member.name)).toEqual([
      'Kim Berg',
      'Ole Berg',
    ]);
    expect(seen.json().invitations).toEqual([]);

    // The owners' security log has every step.
    expect(await auditTypes(owner)).toEqual(
      expect.arrayContaining([
        'mailbox_created',
        'mailbox_member_invited',
        'mailbox_invitation_accepted',
      ]),
    );
  });

  it('a used, expired or revoked invitation is refused with a clear error', async () => {
    const owner = await createLoggedInUser(t.app);
    const invitee = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    const accountId = await createMailbox(owner);

    await invite(owner, accountId, { email: invitee.email, role: 'member' });
    const used = tokenMailedTo(invitee.email);
    expect((await accept(invitee, used)).statusCode).toBe(200);
    const again = await accept(other, used);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('INVITATION_USED');

    await invite(owner, accountId, { email: other.email, role: 'member' });
    const expiring = tokenMailedTo(other.email);
    t.clock.advanceSeconds(7 * 24 * 3600 + 1);
    const relogged = await login(t.app, other.email, other.password);
    const expired = await accept(relogged, expiring);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('INVITATION_EXPIRED');

    const owner2 = await login(t.app, owner.email, owner.password);
    await invite(owner2, accountId, { email: other.email, role: 'member' });
    const revoked = tokenMailedTo(other.email);
    const [pending] = (await members(owner2, accountId)).json().invitations;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${accountId}/invitations/${pending.id}`,
      headers: owner2.headers,
    });
    expect(revoke.statusCode).toBe(204);
    const refused = await accept(relogged, revoked);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().code).toBe('INVITATION_REVOKED');

    const unknown = await accept(relogged, 'not-a-token');
    expect(unknown.json().code).toBe('TOKEN_INVALID');
    // None of them made the other a member.
    expect((await members(relogged, accountId)).statusCode).toBe(404);
  });

  it('only the person invited accepts: a passed-on link is refused and stays usable for them', async () => {
    const owner = await createLoggedInUser(t.app);
    const invitee = await createLoggedInUser(t.app, { firstName: 'Ole', lastName: 'Berg' });
    const stranger = await createLoggedInUser(t.app);
    const accountId = await createMailbox(owner);

    // The owner types the address in capitals; it is kept lower-cased, as logins are.
    await invite(owner, accountId, { email: invitee.email.toUpperCase(), role: 'member' });
    const token = tokenMailedTo(invitee.email);

    const refused = await accept(stranger, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('INVITATION_FOR_OTHER_USER');
    expect((await members(stranger, accountId)).statusCode).toBe(404);
    expect(await auditTypes(owner)).not.toContain('mailbox_invitation_accepted');

    // The link is not used up: the invited person still joins with it.
    const accepted = await accept(invitee, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ account_id: accountId });
  });

  it('someone without a Kuvert login accepts with name and password and is logged in', async () => {
    const owner = await createLoggedInUser(t.app, { language: 'de', firstName: 'Kim' });
    const accountId = await createMailbox(owner, 'Familie Berg');
    await invite(owner, accountId, { email: 'new.person@example.com', role: 'member' });
    const mail = t.mailer.lastTo('new.person@example.com');
    // Not a user yet: the inviter's language.
    expect(mail.subject).toContain('lädt Sie zum Postfach „Familie Berg“ ein');
    const token = tokenMailedTo('new.person@example.com');

    const info = await t.app.inject({ url: `/api/invitations/info?token=${token}` });
    expect(info.json().has_account).toBe(false);

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept-new',
      payload: { token, first_name: 'Nia', last_name: 'Berg', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept-new',
      payload: {
        token,
        first_name: 'Nia',
        last_name: 'Berg',
        password: 'a long enough passphrase',
      },
    });
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response);
    const accounts = await t.app.inject({ url: '/api/accounts', headers: { cookie } });
    expect(accounts.json().accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: accountId, role: 'member' }),
        expect.objectContaining({ kind: 'personal', name: 'Nia Berg', is_own: true }),
      ]),
    );
    // The e-mailed link verified the address: the person logs in with the new password.
    await login(t.app, 'new.person@example.com', 'a long enough passphrase');
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept-new',
      payload: { token, first_name: 'X', last_name: 'Y', password: 'a long enough passphrase' },
    });
    expect(reused.json().code).toBe('INVITATION_USED');
  });

  it('a viewer or member cannot invite, change or remove; a stranger gets 404', async () => {
    const owner = await createLoggedInUser(t.app);
    const viewer = await createLoggedInUser(t.app);
    const member = await createLoggedInUser(t.app);
    const stranger = await createLoggedInUser(t.app);
    const accountId = await createMailbox(owner);
    await addMember(t.app, accountId, viewer.user.id, 'viewer');
    await addMember(t.app, accountId, member.user.id, 'member');

    const byViewer = await invite(viewer, accountId, { email: 'x@example.com', role: 'viewer' });
    expect(byViewer.statusCode).toBe(403);
    const byMember = await invite(member, accountId, { email: 'x@example.com', role: 'viewer' });
    expect(byMember.statusCode).toBe(403);
    const byStranger = await invite(stranger, accountId, {
      email: 'x@example.com',
      role: 'viewer',
    });
    expect(byStranger.statusCode).toBe(404);
    expect(t.mailer.sent.filter((mail) => mail.to === 'x@example.com')).toEqual([]);

    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${accountId}/members/${viewer.user.id}`,
      headers: member.headers,
      payload: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(403);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${accountId}/members/${owner.user.id}`,
      headers: viewer.headers,
    });
    expect(remove.statusCode).toBe(403);
    expect((await members(stranger, accountId)).statusCode).toBe(404);
  });

  it("a removed member's next request for that mailbox's letter is 404", async () => {
    const owner = await createLoggedInUser(t.app);
    const viewer = await createLoggedInUser(t.app, { firstName: 'Ole', lastName: 'Viewer' });
    const accountId = await createMailbox(owner);
    const letterId = await letterIn(accountId, owner.email);
    await addMember(t.app, accountId, viewer.user.id, 'viewer');

    const read = await t.app.inject({
      url: `/api/letters/${letterId}`,
      headers: { cookie: viewer.cookie },
    });
    expect(read.statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${accountId}/members/${viewer.user.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const after = await t.app.inject({
      url: `/api/letters/${letterId}`,
      headers: { cookie: viewer.cookie },
    });
    expect(after.statusCode).toBe(404);
    expect(await auditTypes(owner)).toContain('mailbox_member_removed');
    expect(await auditTypes(viewer)).toContain('mailbox_member_removed');
  });

  it('past the end date the member has no access; the owner can extend it', async () => {
    const owner = await createLoggedInUser(t.app);
    const member = await createLoggedInUser(t.app);
    const accountId = await createMailbox(owner);
    const letterId = await letterIn(accountId, owner.email);
    await addMember(t.app, accountId, member.user.id, 'member');

    const setPast = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${accountId}/members/${member.user.id}`,
      headers: owner.headers,
      payload: { access_until: '2020-01-31' },
    });
    expect(setPast.statusCode).toBe(204);
    const letter = await t.app.inject({
      url: `/api/letters/${letterId}`,
      headers: { cookie: member.cookie },
    });
    expect(letter.statusCode).toBe(404);
    const accounts = await t.app.inject({
      url: '/api/accounts',
      headers: { cookie: member.cookie },
    });
    expect(accounts.json().accounts.map((account: { id: string }) => account.id)).not.toContain(
      accountId,
    );
    // The owner still sees the ended membership, and can give access again.
    const listed = (await members(owner, accountId)).json().members;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          user_id: member.user.id,
          access_until: '2020-01-31',
          is_current: false,
        }),
      ]),
    );
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${accountId}/members/${member.user.id}`,
      headers: owner.headers,
      payload: { access_until: null },
    });
    expect(cleared.statusCode).toBe(204);
    const back = await t.app.inject({
      url: `/api/letters/${letterId}`,
      headers: { cookie: member.cookie },
    });
    expect(back.statusCode).toBe(200);
    expect(await auditTypes(owner)).toContain('mailbox_member_changed');
  });

  it('an invitation whose end date is past stops working', async () => {
    const owner = await createLoggedInUser(t.app);
    const invitee = await createLoggedInUser(t.app);
    const accountId = await createMailbox(owner);
    const today = t.clock.now().toISOString().slice(0, 10);
    await invite(owner, accountId, { email: invitee.email, role: 'viewer', access_until: today });
    const token = tokenMailedTo(invitee.email);
    t.clock.advanceSeconds(2 * 24 * 3600);
    const relogged = await login(t.app, invitee.email, invitee.password);
    const refused = await accept(relogged, token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().code).toBe('INVITATION_EXPIRED');

    const owner2 = await login(t.app, owner.email, owner.password);
    const past = await invite(owner2, accountId, {
      email: invitee.email,
      role: 'viewer',
      access_until: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
  });

  it('the last owner can neither leave nor be removed nor demoted; after a hand-over they can', async () => {
    const owner = await createLoggedInUser(t.app, { firstName: 'Kim', lastName: 'Berg' });
    const member = await createLoggedInUser(t.app);
    const accountId = await createMailbox(owner);
    await addMember(t.app, accountId, member.user.id, 'member');

    const leave = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/leave`,
      headers: owner.headers,
    });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().code).toBe('LAST_OWNER');
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${accountId}/members/${owner.user.id}`,
      headers: owner.headers,
      payload: { role: 'viewer' },
    });
    expect(demote.json().code).toBe('LAST_OWNER');
    const removeSelf = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${accountId}/members/${owner.user.id}`,
      headers: owner.headers,
    });
    expect(removeSelf.json().code).toBe('LAST_OWNER');

    const handOver = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/hand-over`,
      headers: owner.headers,
      payload: { user_id: member.user.id },
    });
    expect(handOver.statusCode).toBe(204);
    const roles = (await members(member, accountId)).json().members;
    expect(roles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: member.user.id, role: 'owner' }),
        expect.objectContaining({ user_id: owner.user.id, role: 'member' }),
      ]),
    );
    expect(await auditTypes(member)).toContain('mailbox_ownership_handed_over');

    const left = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/leave`,
      headers: owner.headers,
    });
    expect(left.statusCode).toBe(204);
    expect((await members(owner, accountId)).statusCode).toBe(404);
    expect(await auditTypes(member)).toContain('mailbox_member_left');
  });

  it("a viewer leaves; the owners' security log says which mailbox and who", async () => {
    const owner = await createLoggedInUser(t.app);
    const viewer = await createLoggedInUser(t.app, { firstName: 'Ole', lastName: 'Berg' });
    const accountId = await createMailbox(owner, 'Berg GmbH');
    await addMember(t.app, accountId, viewer.user.id, 'viewer');
    const handOver = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/hand-over`,
      headers: viewer.headers,
      payload: { user_id: viewer.user.id },
    });
    expect(handOver.statusCode).toBe(403);
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${accountId}/leave`,
      headers: viewer.headers,
    });
    expect(left.statusCode).toBe(204);
    expect((await members(viewer, accountId)).statusCode).toBe(404);
    const log = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: owner.cookie },
    });
    expect(log.json().events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'mailbox_member_left',
          details: { mailbox: 'Berg GmbH', member: 'Ole Berg' },
        }),
      ]),
    );
  });

  it("a personal mailbox's holder stays its owner", async () => {
    const owner = await createLoggedInUser(t.app);
    const helper = await createLoggedInUser(t.app);
    const accountId = personalAccountOf(owner);
    await addMember(t.app, accountId, helper.user.id, 'owner');
    const removeHolder = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${accountId}/members/${owner.user.id}`,
      headers: helper.headers,
    });
    expect(removeHolder.json().code).toBe('MAILBOX_HOLDER');
  });

  it('an owner cannot be given an end date, and invitations are rate-limited', async () => {
    const owner = await createLoggedInUser(t.app);
    const accountId = await createMailbox(owner);
    const ownerUntil = await invite(owner, accountId, {
      email: 'a@example.com',
      role: 'owner',
      access_until: '2099-01-01',
    });
    expect(ownerUntil.statusCode).toBe(400);
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      const response = await invite(owner, accountId, {
        email: `person${index}@example.com`,
        role: 'viewer',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('the CLI gives an end date; a past day ends the access at once', async () => {
    const owner = await createLoggedInUser(t.app);
    const member = await createLoggedInUser(t.app);
    const out: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), error: (text) => out.push(text) };
    const openApp = async () => ({ app: t.app, close: async () => {} });
    const accountId = personalAccountOf(owner);
    const args = ['account', 'add-member', owner.email, member.email, '--role', 'viewer'];
    expect(await runCli([...args, '--until', '2099-12-31'], io, openApp)).toBe(0);
    expect(out.join('\n')).toContain('until 2099-12-31');
    expect((await members(member, accountId)).statusCode).toBe(200);
    expect(await runCli([...args, '--until', '2020-01-01'], io, openApp)).toBe(0);
    expect((await members(member, accountId)).statusCode).toBe(404);
    expect(await runCli([...args, '--until', 'tomorrow'], io, openApp)).toBe(2);
  });
});
