import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEventListSchema } from '@kuvert/shared/profile';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createLoggedInUser,
  createUserWithPassword,
  linkIn,
  login,
  type CreatedUser,
  type LoggedIn,
} from '../../test/factories.ts';
import { eraseEmailChangeData, exportEmailChangeData } from './email-change-personal-data.ts';

describe.each(testEngines)('e-mail change (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app, { email: 'old@example.com' });
  });
  afterEach(async () => t.close());

  const base = 'http://localhost:3000/email-change/';

  function tokenIn(email: string, kind: 'confirm' | 'cancel'): string {
    const link = linkIn(t.mailer.lastTo(email).text, `${base}${kind}?token=`);
    return decodeURIComponent(link.slice(`${base}${kind}?token=`.length));
  }
  function ask(session: LoggedIn, newEmail: string, password = me.password) {
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/email-change',
      headers: session.headers,
      payload: { new_email: newEmail, current_password: password },
    });
  }
  function status(session: LoggedIn) {
    return t.app.inject({ url: '/api/profile/email-change', headers: { cookie: session.cookie } });
  }
  function linkInfo(kind: 'confirm' | 'cancel', token: string) {
    return t.app.inject({ url: `/api/email-change/${kind}?token=${encodeURIComponent(token)}` });
  }
  function follow(kind: 'confirm' | 'cancel', token: string, cookie?: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/email-change/${kind}`,
      headers: cookie ? { cookie } : {},
      payload: { token },
    });
  }
  async function auditOf(session: LoggedIn) {
    const response = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: session.cookie },
    });
    return auditEventListSchema.parse(response.json()).events;
  }

  it('changes the address with the link mailed to the new one; the old one no longer logs in', async () => {
    const asked = await ask(me, '  New.Address@Example.COM ');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ new_email: 'new.address@example.com' });
    expect((await status(me)).json().pending).toMatchObject({
      new_email: 'new.address@example.com',
    });
    // The old address is told, with a link that stops it; the new one gets the confirm link.
    expect(t.mailer.lastTo('old@example.com').text).toContain('new.address@example.com');
    const cancelToken = tokenIn('old@example.com', 'cancel');
    const token = tokenIn('new.address@example.com', 'confirm');
    // Until the link is followed, nothing changes.
    await expect(login(t.app, 'old@example.com', me.password)).resolves.toBeDefined();

    const info = await linkInfo('confirm', token);
    expect(info.json()).toMatchObject({ new_email: 'new.address@example.com' });
    const confirmed = await follow('confirm', token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'new.address@example.com' });

    await expect(login(t.app, 'new.address@example.com', me.password)).resolves.toBeDefined();
    await expect(login(t.app, 'old@example.com', me.password)).rejects.toThrow(/401/);
    const changedNotice = t.mailer.lastTo('old@example.com');
    expect(changedNotice.subject).toBe('Your Kuvert e-mail address was changed');
    expect(changedNotice.text).toContain('new.address@example.com');
    // Once done, the old address's link has nothing left to stop.
    expect((await follow('cancel', cancelToken)).json().code).toBe('EMAIL_CHANGE_USED');
    const fresh = await login(t.app, 'new.address@example.com', me.password);
    expect((await status(fresh)).json()).toEqual({ pending: null });
  });

  it('refuses a wrong password with its own error, limited like login', async () => {
    const wrong = await ask(me, 'new@example.com', 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PASSWORD_WRONG');
    expect(t.mailer.sent.filter((mail) => mail.to === 'new@example.com')).toHaveLength(0);
    const codes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      codes.push((await ask(me, 'new@example.com', 'still wrong')).json().code);
    }
    expect(codes.at(-1)).toBe('RATE_LIMITED');
    // The right password is no help while the limit holds: guesses must not be free.
    expect((await ask(me, 'new@example.com')).json().code).toBe('RATE_LIMITED');
    t.clock.advanceSeconds(t.config.loginWindowSeconds + 1);
    expect((await ask(me, 'new@example.com')).statusCode).toBe(202);
  });

  it('names the same address, and the schema refuses a malformed or oversized one', async () => {
    const same = await ask(me, ' OLD@example.com');
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('EMAIL_CHANGE_SAME_ADDRESS');
    expect((await ask(me, 'not-an-address')).json().code).toBe('VALIDATION_FAILED');
    const huge = `${'a'.repeat(400)}@example.com`;
    expect((await ask(me, huge)).json().code).toBe('VALIDATION_FAILED');
  });

  it('lets the link expire after 24 hours', async () => {
    await ask(me, 'late@example.com');
    const token = tokenIn('late@example.com', 'confirm');
    t.clock.advanceSeconds(24 * 3600 + 1);
    expect((await linkInfo('confirm', token)).json().code).toBe('EMAIL_CHANGE_EXPIRED');
    const late = await follow('confirm', token);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('EMAIL_CHANGE_EXPIRED');
    const again = await login(t.app, 'old@example.com', me.password);
    expect((await status(again)).json()).toEqual({ pending: null });
  });

  it('uses a link once: a replay names the completed change', async () => {
    await ask(me, 'once@example.com');
    const token = tokenIn('once@example.com', 'confirm');
    expect((await follow('confirm', token)).statusCode).toBe(200);
    const replay = await follow('confirm', token);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().code).toBe('EMAIL_CHANGE_USED');
    expect((await follow('confirm', 'made-up-token')).json().code).toBe('TOKEN_INVALID');
  });

  it('confirms once when the link is followed twice at the same moment', async () => {
    await ask(me, 'race@example.com');
    const token = tokenIn('race@example.com', 'confirm');
    const answers = await Promise.all([follow('confirm', token), follow('confirm', token)]);
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    expect(statuses).toEqual([200, 410]);
    const events = await auditOf(await login(t.app, 'race@example.com', me.password));
    expect(events.filter((event) => event.type === 'email_changed')).toHaveLength(1);
  });

  it('keeps one pending change when two requests arrive at the same moment', async () => {
    const answers = await Promise.all([ask(me, 'one@example.com'), ask(me, 'two@example.com')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    const rows = await exportEmailChangeData(t.app.db, me.user.id);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(1);
  });

  it('stops a pending change with the link mailed to the old address, logged out', async () => {
    await ask(me, 'stolen@example.com');
    const confirmToken = tokenIn('stolen@example.com', 'confirm');
    const cancelToken = tokenIn('old@example.com', 'cancel');
    expect((await linkInfo('cancel', cancelToken)).json()).toMatchObject({
      new_email: 'stolen@example.com',
    });
    expect((await follow('cancel', cancelToken)).statusCode).toBe(204);

    const late = await follow('confirm', confirmToken);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('EMAIL_CHANGE_CANCELLED');
    expect((await follow('cancel', cancelToken)).json().code).toBe('EMAIL_CHANGE_CANCELLED');
    expect((await status(me)).json()).toEqual({ pending: null });
    await expect(login(t.app, 'stolen@example.com', me.password)).rejects.toThrow(/401/);
    expect((await auditOf(me)).map((event) => event.type)).toContain('email_change_cancelled');
  });

  it('ends every other session; the one that asked stays when it follows the link', async () => {
    const phone = await login(t.app, 'old@example.com', me.password);
    await ask(me, 'moved@example.com');
    const token = tokenIn('moved@example.com', 'confirm');
    expect((await follow('confirm', token, me.cookie)).statusCode).toBe(200);

    expect((await status(me)).statusCode).toBe(200);
    const phoneAfter = await status(phone);
    expect(phoneAfter.statusCode).toBe(401);
  });

  it('ends every session when the link is opened elsewhere', async () => {
    await ask(me, 'elsewhere@example.com');
    const token = tokenIn('elsewhere@example.com', 'confirm');
    expect((await follow('confirm', token)).statusCode).toBe(200);
    expect((await status(me)).statusCode).toBe(401);
  });

  it('writes the change to the security log, naming both addresses', async () => {
    await ask(me, 'logged@example.com');
    await follow('confirm', tokenIn('logged@example.com', 'confirm'), me.cookie);
    const events = await auditOf(me);
    const changed = events.find((event) => event.type === 'email_changed');
    expect(changed?.email_change).toEqual({ from: 'old@example.com', to: 'logged@example.com' });
    const requested = events.find((event) => event.type === 'email_change_requested');
    expect(requested?.email_change).toEqual({
      from: 'old@example.com',
      to: 'logged@example.com',
    });
  });

  it('does not tell the asker that an address is taken, and refuses it at confirmation', async () => {
    const other = await createUserWithPassword(t.app, { email: 'taken@example.com' });
    const asked = await ask(me, 'taken@example.com');
    // The same answer as for a free address; only the inbox of the address learns more.
    expect(asked.statusCode).toBe(202);
    const mail = t.mailer.lastTo('taken@example.com');
    expect(mail.subject).toBe('This e-mail address already has a Kuvert login');
    expect(mail.text).not.toContain('/email-change/confirm');

    // Taken while the change waits: the link names it, and nothing changes.
    await ask(me, 'free@example.com');
    const token = tokenIn('free@example.com', 'confirm');
    await createUserWithPassword(t.app, { email: 'free@example.com' });
    const late = await follow('confirm', token);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('EMAIL_TAKEN');
    await expect(login(t.app, 'old@example.com', me.password)).resolves.toBeDefined();
    await expect(login(t.app, other.email, other.password)).resolves.toBeDefined();
  });

  it('replaces a pending change with a newer one, and resends or cancels from the profile', async () => {
    await ask(me, 'first@example.com');
    const firstToken = tokenIn('first@example.com', 'confirm');
    const firstCancel = tokenIn('old@example.com', 'cancel');
    await ask(me, 'second@example.com');
    expect((await follow('confirm', firstToken)).json().code).toBe('EMAIL_CHANGE_REPLACED');
    expect((await follow('cancel', firstCancel)).json().code).toBe('EMAIL_CHANGE_REPLACED');

    const sentToken = tokenIn('second@example.com', 'confirm');
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/profile/email-change/resend',
      headers: me.headers,
    });
    expect(resent.statusCode).toBe(202);
    const resentToken = tokenIn('second@example.com', 'confirm');
    expect(resentToken).not.toBe(sentToken);
    expect((await follow('confirm', sentToken)).json().code).toBe('TOKEN_INVALID');

    const cancel = () =>
      t.app.inject({ method: 'DELETE', url: '/api/profile/email-change', headers: me.headers });
    expect((await cancel()).statusCode).toBe(204);
    expect((await cancel()).json().code).toBe('EMAIL_CHANGE_NOT_PENDING');
    expect((await follow('confirm', resentToken)).json().code).toBe('EMAIL_CHANGE_CANCELLED');
  });

  it("cannot touch another user's change from the profile", async () => {
    await ask(me, 'mine@example.com');
    const stranger = await createLoggedInUser(t.app);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/email-change',
      headers: stranger.headers,
    });
    expect(cancel.json().code).toBe('EMAIL_CHANGE_NOT_PENDING');
    expect((await status(stranger)).json()).toEqual({ pending: null });
    expect((await status(me)).json().pending).toMatchObject({ new_email: 'mine@example.com' });
  });

  it('exports the changes without token hashes and erases them', async () => {
    await ask(me, 'exported@example.com');
    const rows = await exportEmailChangeData(t.app.db, me.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        old_email: 'old@example.com',
        new_email: 'exported@example.com',
        status: 'pending',
        ended_at: null,
      }),
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/hash|session/);
    expect(await eraseEmailChangeData(t.app.db, me.user.id)).toBe(1);
    expect(await exportEmailChangeData(t.app.db, me.user.id)).toEqual([]);
  });
});
