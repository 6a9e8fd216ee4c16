import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createLoggedInUser,
  createUserWithPassword,
  login,
  type CreatedUser,
  type LoggedIn,
} from '../../test/factories.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  postLetter,
  samplePdf,
  storedDocumentKeys,
} from '../../test/mailbox.ts';
import { deliverSignatureRequest, openCopyOf, signAs } from '../../test/signatures.ts';
import { createTestForm, insertTestSubmission } from '../../test/sender-forms.ts';
import { storeUpload, TINY_PNG } from '../../test/uploads.ts';
import { personalDataErasers } from '../index.ts';
import { purgeDueAccounts } from './account-purge.ts';

type User = CreatedUser & LoggedIn;

function wrongCodeFor(code: string): string {
  return code === '00000000' ? '11111111' : '00000000';
}

describe.each(testEngines)('account deletion (%s)', (engine) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  function requestDeletion(user: User, password = user.password) {
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/deletion',
      headers: user.headers,
      payload: { password },
    });
  }

  function confirm(user: User, code: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/deletion/confirm',
      headers: user.headers,
      payload: { code },
    });
  }

  function codeMailedTo(email: string): string {
    const match = /^\d{8}$/m.exec(t.mailer.lastTo(email).text);
    if (!match) throw new Error('no code in the mail');
    return match[0];
  }

  function attemptLogin(email: string, password: string) {
    return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  }

  async function deleteAccount(user: User): Promise<void> {
    expect((await requestDeletion(user)).statusCode).toBe(202);
    const response = await confirm(user, codeMailedTo(user.email));
    expect(response.statusCode).toBe(200);
  }

  it('asks the password, then a mailed code; a wrong or expired code does nothing', async () => {
    const user = await createLoggedInUser(t.app);
    const wrongPassword = await requestDeletion(user, 'not my password');
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('PASSWORD_WRONG');
    expect(t.mailer.sent.filter((mail) => mail.to === user.email)).toHaveLength(0);

    expect((await requestDeletion(user)).statusCode).toBe(202);
    const code = codeMailedTo(user.email);
    const wrong = await confirm(user, wrongCodeFor(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'DELETION_CODE_INVALID',
      details: { attempts_left: 4 },
    });
    const malformed = await confirm(user, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');

    // Fifteen minutes later the right code is too late.
    t.clock.advanceSeconds(16 * 60);
    const expired = await confirm(user, code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('DELETION_CODE_EXPIRED');
    // Nothing happened: the session still works.
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: user.cookie },
    });
    expect(session.statusCode).toBe(200);
  });

  it('gives a code a few tries only, and stores only its hash', async () => {
    const user = await createLoggedInUser(t.app);
    expect((await requestDeletion(user)).statusCode).toBe(202);
    const code = codeMailedTo(user.email);
    const row = await t.app.db
      .selectFrom('account_deletions')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // Five guesses in parallel count as five.
    const guesses = await Promise.all(
      Array.from({ length: 5 }, () => confirm(user, wrongCodeFor(code))),
    );
    expect(guesses.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    const right = await confirm(user, code);
    expect(right.statusCode).toBe(410);
    expect(right.json().code).toBe('DELETION_CODE_EXPIRED');
  });

  it('limits how often the password is tried and codes are mailed', async () => {
    const user = await createLoggedInUser(t.app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await requestDeletion(user, `guess ${attempt}`)).statusCode).toBe(400);
    }
    const limited = await requestDeletion(user);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('is refused while the person alone owns a mailbox that others use, naming whom to hand it to', async () => {
    const owner = await createLoggedInUser(t.app, { firstName: 'Olga', lastName: 'Owner' });
    const member = await createUserWithPassword(t.app, { firstName: 'Max', lastName: 'Member' });
    const mailbox = await createSharedAccount(t.app, owner.user.id);
    await t.app.db
      .updateTable('accounts')
      .set({ name: 'Berg household' })
      .where('id', '=', mailbox)
      .execute();
    await addMember(t.app, mailbox, member.user.id, 'member');

    const refused = await requestDeletion(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_DELETION_BLOCKED',
      details: {
        mailboxes: [
          {
            id: mailbox,
            name: 'Berg household',
            members: [{ user_id: member.user.id, name: 'Max Member' }],
          },
        ],
      },
    });
    expect(refused.json().message).toContain('Berg household');
    expect(t.mailer.sent.filter((mail) => mail.to === owner.email)).toHaveLength(0);

    // Handed over, the way is free.
    const handOver = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${mailbox}/hand-over`,
      headers: owner.headers,
      payload: { user_id: member.user.id },
    });
    expect(handOver.statusCode).toBe(204);
    expect((await requestDeletion(owner)).statusCode).toBe(202);
  });

  it('ends every session, mails the date, and a login in the grace period offers only to cancel', async () => {
    const user = await createLoggedInUser(t.app);
    const other = await login(t.app, user.email, user.password);
    const provider = await createTestProvider(t.app);
    const letterId = await deliverTestLetter(t.app, provider.apiKey, user.email);

    expect((await requestDeletion(user)).statusCode).toBe(202);
    const confirmed = await confirm(user, codeMailedTo(user.email));
    expect(confirmed.statusCode).toBe(200);
    const dueAt = Date.parse(confirmed.json().deletion_due_at);
    expect(dueAt - t.clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(
      confirmed.cookies.some(
        (cookie) => cookie.name.endsWith('kuvert_session') && cookie.value === '',
      ),
    ).toBe(true);
    const mail = t.mailer.lastTo(user.email);
    expect(mail.subject).toMatch(/will be deleted on \d{1,2} \w+ \d{4}/);
    expect(mail.text).toContain('Cancel deletion');

    for (const session of [user, other]) {
      const response = await t.app.inject({
        url: '/api/auth/session',
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode).toBe(401);
    }

    // A wrong password learns nothing.
    const wrong = await attemptLogin(user.email, 'not my password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    // The right one opens no session, only the offer.
    const pending = await attemptLogin(user.email, user.password);
    expect(pending.statusCode).toBe(403);
    expect(pending.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
    expect(pending.json()).toMatchObject({
      code: 'ACCOUNT_DELETION_PENDING',
      details: { deletion_due_at: new Date(dueAt).toISOString() },
    });

    // Meanwhile the Sender API cannot deliver to it: as for an unknown address.
    const refused = await postLetter(t.app, provider.apiKey, {
      recipient: { email: user.email },
      subject: 'Too late',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('RECIPIENT_UNKNOWN');

    // Cancelling logs in and restores everything.
    const token = pending.json().details.cancel_token;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/deletion/cancel',
      payload: { token },
    });
    expect(cancelled.statusCode).toBe(200);
    const cookie = cancelled.cookies.find((c) => c.name.endsWith('kuvert_session'));
    const headers = { cookie: `${cookie?.name}=${cookie?.value}` };
    const letter = await t.app.inject({ url: `/api/letters/${letterId}`, headers });
    expect(letter.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/deletion/cancel',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
    const events = await t.app.inject({ url: '/api/profile/audit-events', headers });
    expect(events.json().events.map((event: { type: string }) => event.type)).toEqual(
      expect.arrayContaining(['account_deletion_requested', 'account_deletion_cancelled']),
    );
    expect((await attemptLogin(user.email, user.password)).statusCode).toBe(200);
    // And the purge, later, leaves it alone.
    t.clock.advanceSeconds(31 * 24 * 3600);
    expect(await purgeDueAccounts(t.app, personalDataErasers)).toBe(0);
    expect((await attemptLogin(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a forged, or another kind of, cancel token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/deletion/cancel',
      payload: { token: 'forged' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });

  it('erases the account after the grace period and keeps what providers and signatures need, pseudonymised', async () => {
    const user = await createLoggedInUser(t.app, { firstName: 'Dora', lastName: 'Deleted' });
    const neighbour = await createLoggedInUser(t.app);
    const provider = await createTestProvider(t.app);
    const accountId = personalAccountOf(user);

    // A document only the person holds, and one someone else holds too (same bytes).
    const ownPdf = await samplePdf('Only for Dora');
    const sharedPdf = await samplePdf('For both of them');
    const letterFor = (email: string, pdf: Buffer) =>
      postLetter(
        t.app,
        provider.apiKey,
        { recipient: { email }, subject: 'A letter' },
        { documents: [{ filename: 'letter.pdf', content: pdf }] },
      );
    expect((await letterFor(user.email, ownPdf)).statusCode).toBe(201);
    expect((await letterFor(user.email, sharedPdf)).statusCode).toBe(201);
    const neighbourLetter = await letterFor(neighbour.email, sharedPdf);
    expect(neighbourLetter.statusCode).toBe(201);
    const keysOf = async (account: string) =>
      (
        await t.app.db
          .selectFrom('letter_documents')
          .innerJoin('letters', 'letters.id', 'letter_documents.letter_id')
          .select('letter_documents.storage_key')
          .where('letters.account_id', '=', account)
          .execute()
      ).map((row) => row.storage_key);
    const [neighbourKey] = await keysOf(personalAccountOf(neighbour));
    const ownKeys = (await keysOf(accountId)).filter((key) => key !== neighbourKey);
    expect(ownKeys).toHaveLength(1);
    expect(storedDocumentKeys(t.config.dataDir)).toEqual(
      expect.arrayContaining([neighbourKey, ...ownKeys]),
    );

    const uploadId = await storeUpload(t.app, user, {
      accountId,
      name: 'scan.png',
      bytes: TINY_PNG,
    });
    const { storage_key: uploadKey } = await t.app.db
      .selectFrom('uploads')
      .select('storage_key')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: user.headers,
      payload: { account_id: accountId, contact: { name: 'Aunt Erna' } },
    });
    expect(contact.statusCode).toBe(201);
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: user.headers,
      payload: { account_id: accountId, name: 'Taxes' },
    });
    expect(folder.statusCode).toBe(201);
    const caseFile = await t.app.inject({
      method: 'POST',
      url: '/api/case-files',
      headers: user.headers,
      payload: { account_id: accountId, title: 'Flat' },
    });
    expect(caseFile.statusCode).toBe(201);

    // A signature, signed.
    await deliverSignatureRequest(t.app, provider.apiKey, user.email, { subject: 'Contract' });
    const copy = await openCopyOf(t.app, user, 'Contract');
    expect((await signAs(t.app, user, copy, { typed_name: 'Dora Deleted' })).statusCode).toBe(200);

    // A form the person sent to the provider.
    const formId = await createTestForm(t.app, provider.apiKey);
    const submission = await insertTestSubmission(t.app, {
      formId,
      providerId: provider.provider.id,
      createdAt: t.clock.now().toISOString(),
      submitterName: 'Dora Deleted',
      submitterEmail: user.email,
    });
    await t.app.db
      .updateTable('form_submissions')
      .set({ account_id: accountId, submitted_by_user_id: user.user.id })
      .where('id', '=', submission.id)
      .execute();

    // A membership in the neighbour's shared mailbox.
    const shared = await createSharedAccount(t.app, neighbour.user.id);
    await addMember(t.app, shared, user.user.id, 'member');

    await deleteAccount(user);
    // Not yet: the grace period runs.
    t.clock.advanceSeconds(29 * 24 * 3600);
    expect(await purgeDueAccounts(t.app, personalDataErasers)).toBe(0);
    t.clock.advanceSeconds(2 * 24 * 3600);
    expect(await purgeDueAccounts(t.app, personalDataErasers)).toBe(1);

    const db = t.app.db;
    const count = async (table: 'letters' | 'uploads' | 'contacts' | 'folders' | 'case_files') =>
      (await db.selectFrom(table).select('id').where('account_id', '=', accountId).execute())
        .length;
    expect(await count('letters')).toBe(0);
    expect(await count('uploads')).toBe(0);
    expect(await count('contacts')).toBe(0);
    expect(await count('folders')).toBe(0);
    expect(await count('case_files')).toBe(0);
    expect(
      await db.selectFrom('accounts').select('id').where('id', '=', accountId).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('memberships')
        .select('account_id')
        .where('user_id', '=', user.user.id)
        .execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('accounts').select('id').where('id', '=', shared).execute(),
    ).toHaveLength(1);
    for (const table of ['sessions', 'one_time_tokens', 'audit_events'] as const) {
      expect(
        await db.selectFrom(table).select('user_id').where('user_id', '=', user.user.id).execute(),
      ).toEqual([]);
    }

    // Documents: the person's own went from the store, the one the neighbour holds stayed.
    const keysAfter = storedDocumentKeys(t.config.dataDir);
    expect(keysAfter).not.toContain(ownKeys[0]);
    expect(uploadKey).toMatch(/^[0-9a-f]{64}$/);
    expect(keysAfter).not.toContain(uploadKey);
    expect(keysAfter).toContain(neighbourKey);
    const again = await login(t.app, neighbour.email, neighbour.password);
    const kept = await t.app.inject({
      url: `/api/letters/${neighbourLetter.json().id}`,
      headers: { cookie: again.cookie },
    });
    expect(kept.statusCode).toBe(200);

    // The signature audit stays, without the person.
    const signer = await db
      .selectFrom('signature_signers')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(signer).toMatchObject({
      status: 'signed',
      email: '',
      signer_name: 'Deleted user',
      typed_name: null,
      ip_address: null,
      user_agent: null,
    });
    expect(signer.signed_at).not.toBeNull();
    // What the provider received stays, without the person.
    const sent = await db
      .selectFrom('form_submissions')
      .selectAll()
      .where('id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({
      account_id: null,
      submitted_by_user_id: null,
      submitter_name: 'Deleted user',
      submitter_email: null,
    });
    // The users row is a tombstone: no name, no e-mail, no login; the address is free again.
    const tombstone = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({
      first_name: 'Deleted user',
      last_name: '',
      password_hash: null,
    });
    expect(tombstone.email).not.toContain('dora');
    expect(tombstone.email).not.toBe(user.email);
    expect((await attemptLogin(user.email, user.password)).statusCode).toBe(401);
    const newcomer = await createUserWithPassword(t.app, { email: user.email });
    expect(newcomer.user.id).not.toBe(user.user.id);
  });

  it('erases what the person set up: access tokens, the calendar address, forwarding, a pending e-mail change and their exports', async () => {
    const user = await createLoggedInUser(t.app);
    const asUser = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: user.headers, payload });

    const token = await asUser('POST', '/api/profile/access-tokens', {
      name: 'Backup script',
      scope: 'read',
      expires_on: new Date(t.clock.now().getTime() + 90 * 24 * 3600_000).toISOString().slice(0, 10),
    });
    expect(token.statusCode).toBe(201);
    const feed = await asUser('POST', '/api/profile/calendar-feed', {});
    expect(feed.statusCode).toBeLessThan(300);
    const feedUrl = new URL(feed.json<{ url: string }>().url);
    const forwarding = await asUser('PUT', '/api/profile/forwarding', {
      enabled: true,
      scope: 'all',
      provider_ids: [],
    });
    expect(forwarding.statusCode).toBe(200);
    const change = await asUser('POST', '/api/profile/email-change', {
      new_email: `new-${user.email}`,
      current_password: user.password,
    });
    expect(change.statusCode).toBeLessThan(300);
    const requested = await asUser('POST', '/api/profile/data-export', {});
    expect(requested.statusCode).toBe(202);
    await t.app.jobs.runDueJobs();
    const exportKeys = (
      await t.app.db.selectFrom('data_export_parts').select('document_key').execute()
    ).map((row) => row.document_key);
    expect(exportKeys).toHaveLength(1);
    expect(storedDocumentKeys(t.config.dataDir)).toContain(exportKeys[0]);

    await deleteAccount(user);
    t.clock.advanceSeconds(31 * 24 * 3600);
    expect(await purgeDueAccounts(t.app, personalDataErasers)).toBe(1);

    const db = t.app.db;
    for (const table of [
      'personal_access_tokens',
      'calendar_feeds',
      'forwarding_settings',
      'email_changes',
      'data_exports',
    ] as const) {
      const left = await db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.user.id)
        .execute();
      expect({ table, left }).toEqual({ table, left: [] });
    }
    expect(storedDocumentKeys(t.config.dataDir)).not.toContain(exportKeys[0]);
    const afterwards = await t.app.inject({ url: feedUrl.pathname });
    expect(afterwards.statusCode).toBe(404);
  });
});
