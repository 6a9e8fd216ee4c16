import { randomBytes } from 'node:crypto';
import {
  PDFDocument,
  PDFName,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../plugins/mailer.ts';
import {
  createLoggedInUser,
  login,
  type CreatedUser,
  type LoggedIn,
} from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  moveLetterToAccount,
  samplePdf,
} from '../../test/mailbox.ts';
import { deliverSignatureRequest } from '../../test/signatures.ts';
import { LETTER_ARRIVED_JOB } from '../letters/letter-arrival-jobs.ts';
import { enqueueJob } from '../../plugins/jobs.ts';
import { exportForwardingData } from './forwarding-personal-data.ts';

type User = CreatedUser & LoggedIn;

/** A real PDF of more than `megabytes`: one page with a photo-like image of random pixels. */
async function bigPdf(megabytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  page.drawText('A large annual statement', { x: 64, y: 760, font });
  const width = 2000;
  const height = Math.ceil((megabytes * 1024 * 1024) / (width * 3));
  const image = document.context.register(
    document.context.stream(randomBytes(width * height * 3), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    }),
  );
  page.node.setXObject(PDFName.of('Photo'), image);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(400, 0, 0, 300, 64, 300),
    drawObject('Photo'),
    popGraphicsState(),
  );
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

describe.each(testEngines)('letters forwarded by e-mail (%s)', (engine) => {
  let t: TestApp;
  let me: User;
  let other: User;
  let providerA: { id: string; apiKey: string; name: string };
  let providerB: { id: string; apiKey: string; name: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    other = await createLoggedInUser(t.app, { language: 'de' });
    const a = await createTestProvider(t.app, { name: 'Versicherung Alpha' });
    const b = await createTestProvider(t.app, { name: 'Bank Beta' });
    providerA = { id: a.provider.id, apiKey: a.apiKey, name: 'Versicherung Alpha' };
    providerB = { id: b.provider.id, apiKey: b.apiKey, name: 'Bank Beta' };
    // Both providers have written to me once: they are what I can choose from.
    await deliverTestLetter(t.app, providerA.apiKey, me.email, { subject: 'Welcome A' });
    await deliverTestLetter(t.app, providerB.apiKey, me.email, { subject: 'Welcome B' });
    await t.app.jobs.runDueJobs();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    me = { ...me, ...(await login(t.app, me.email, me.password)) };
    other = { ...other, ...(await login(t.app, other.email, other.password)) };
    await setForwarding(me, { enabled: false, scope: 'all', provider_ids: [] });
    await setForwarding(other, { enabled: false, scope: 'all', provider_ids: [] });
  });

  function setForwarding(
    user: User,
    body: { enabled: boolean; scope: 'all' | 'chosen'; provider_ids: string[] },
  ) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/profile/forwarding',
      headers: user.headers,
      payload: body,
    });
  }

  /** Forwarded letters to `email` (not the new-letter notices, which say no more than a name). */
  function forwardedTo(email: string): MailMessage[] {
    return t.mailer.sent.filter(
      (mail) =>
        mail.to === email &&
        /forwarding in your Kuvert profile|Weiterleitung eingeschaltet/.test(mail.text),
    );
  }

  it('is off until turned on, offers the providers that wrote, and logs turning it on and off', async () => {
    const initial = await t.app.inject({ url: '/api/profile/forwarding', headers: me.headers });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({
      enabled: false,
      email: me.email,
      providers: [
        { id: providerB.id, name: 'Bank Beta' },
        { id: providerA.id, name: 'Versicherung Alpha' },
      ],
    });
    const on = await setForwarding(me, {
      enabled: true,
      scope: 'chosen',
      provider_ids: [providerA.id],
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      enabled: true,
      scope: 'chosen',
      provider_ids: [providerA.id],
    });
    const off = await setForwarding(me, { enabled: false, scope: 'all', provider_ids: [] });
    expect(off.json()).toMatchObject({ enabled: false });
    const log = await t.app.inject({ url: '/api/profile/audit-events', headers: me.headers });
    const types = log.json<{ events: Array<{ type: string }> }>().events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['forwarding_disabled', 'forwarding_enabled']));
  });

  it('refuses a provider that never wrote to the person, and a choice of none', async () => {
    const stranger = await createTestProvider(t.app, { name: 'Unknown Gamma' });
    const unknown = await setForwarding(me, {
      enabled: true,
      scope: 'chosen',
      provider_ids: [stranger.provider.id],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'FORWARDING_PROVIDER_UNKNOWN' });
    const none = await setForwarding(me, { enabled: true, scope: 'chosen', provider_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const state = await t.app.inject({ url: '/api/profile/forwarding', headers: me.headers });
    expect(state.json()).toMatchObject({ enabled: false });
  });

  it('sends a new letter with its PDF attached, byte for byte', async () => {
    await setForwarding(me, { enabled: true, scope: 'all', provider_ids: [] });
    const pdf = await samplePdf('Forwarded statement');
    const letterId = await deliverTestLetter(
      t.app,
      providerA.apiKey,
      me.email,
      { subject: 'Your statement' },
      { documents: [{ filename: 'statement.pdf', content: pdf }] },
    );
    await t.app.jobs.runDueJobs();
    const mails = forwardedTo(me.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('Letter from Versicherung Alpha: Your statement');
    expect(mail?.text).toContain(`http://localhost:3000/inbox/${letterId}`);
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: 'statement.pdf',
      contentType: 'application/pdf',
    });
    expect(mail?.attachments?.[0]?.content.equals(pdf)).toBe(true);
  });

  it('sends a notice with a link instead of documents over 10 MB', async () => {
    await setForwarding(me, { enabled: true, scope: 'all', provider_ids: [] });
    const big = await bigPdf(10.2);
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const letterId = await deliverTestLetter(
      t.app,
      providerA.apiKey,
      me.email,
      { subject: 'Annual statement' },
      { documents: [{ filename: 'annual.pdf', content: big }] },
    );
    await t.app.jobs.runDueJobs();
    const mail = forwardedTo(me.email).find((candidate) => candidate.text.includes(letterId));
    expect(mail).toBeDefined();
    expect(mail?.attachments ?? []).toHaveLength(0);
    expect(mail?.text).toContain('larger than 10 MB');
    expect(mail?.text).toContain(`http://localhost:3000/inbox/${letterId}`);
  });

  it('never attaches a document that awaits the person’s signature', async () => {
    await setForwarding(me, { enabled: true, scope: 'all', provider_ids: [] });
    await deliverSignatureRequest(t.app, providerA.apiKey, me.email, { subject: 'Sign the lease' });
    await t.app.jobs.runDueJobs();
    const mail = forwardedTo(me.email).find((candidate) =>
      candidate.subject.includes('Sign the lease'),
    );
    expect(mail?.subject).toBe('Awaits your signature: Sign the lease (Versicherung Alpha)');
    expect(mail?.attachments ?? []).toHaveLength(0);
    expect(mail?.text).toContain('awaits your signature');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/inbox\/\S+/);
  });

  it('forwards only the chosen providers’ letters, and nothing once off', async () => {
    await setForwarding(me, { enabled: true, scope: 'chosen', provider_ids: [providerB.id] });
    const before = forwardedTo(me.email).length;
    await deliverTestLetter(t.app, providerA.apiKey, me.email, { subject: 'From A, not chosen' });
    const fromB = await deliverTestLetter(t.app, providerB.apiKey, me.email, { subject: 'From B' });
    await t.app.jobs.runDueJobs();
    const sent = forwardedTo(me.email).slice(before);
    expect(sent.map((mail) => mail.subject)).toEqual(['Letter from Bank Beta: From B']);
    expect(sent[0]?.text).toContain(fromB);

    await setForwarding(me, { enabled: false, scope: 'all', provider_ids: [] });
    await deliverTestLetter(t.app, providerB.apiKey, me.email, { subject: 'From B, while off' });
    await t.app.jobs.runDueJobs();
    expect(forwardedTo(me.email).slice(before)).toHaveLength(1);
  });

  it('forwards a shared mailbox’s letter once to each member who wants it, also when the job runs again', async () => {
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, other.user.id, 'viewer');
    await setForwarding(me, { enabled: true, scope: 'all', provider_ids: [] });
    await setForwarding(other, { enabled: true, scope: 'all', provider_ids: [] });
    const before = { me: forwardedTo(me.email).length, other: forwardedTo(other.email).length };

    // The mail server refuses the first mail to the other member once: the job fails after
    // reaching me, and runs again.
    const send = t.mailer.send.bind(t.mailer);
    let refused = 0;
    t.mailer.send = async (message) => {
      if (message.to === other.email && refused === 0 && message.attachments) {
        refused += 1;
        throw new Error('421 try again later');
      }
      return send(message);
    };
    try {
      const letterId = await deliverTestLetter(t.app, providerA.apiKey, me.email, {
        subject: 'Shared bill',
      });
      await moveLetterToAccount(t.app, letterId, shared);
      await t.app.jobs.runDueJobs();
      expect(refused).toBe(1);
      expect(forwardedTo(me.email).length - before.me).toBe(1);
      expect(forwardedTo(other.email).length - before.other).toBe(0);

      t.clock.advanceSeconds(2 * 3600);
      await t.app.jobs.runDueJobs();
      // Once more, as a second worker or a restart might.
      await enqueueJob(t.app.db, t.clock, {
        type: LETTER_ARRIVED_JOB,
        payload: { letter_id: letterId },
      });
      await t.app.jobs.runDueJobs();

      expect(forwardedTo(me.email).length - before.me).toBe(1);
      const theirs = forwardedTo(other.email).slice(before.other);
      expect(theirs).toHaveLength(1);
      // In the other member's language.
      expect(theirs[0]?.subject).toBe('Brief von Versicherung Alpha: Shared bill');
      expect(theirs[0]?.attachments).toHaveLength(1);

      const exported = await exportForwardingData(t.app.db, other.user.id);
      expect(exported.forwarding).toMatchObject({ enabled: true, scope: 'all' });
      expect(exported.forwarded_letters.map((row) => row.letter_id)).toEqual([letterId]);
    } finally {
      t.mailer.send = send;
    }
  });

  it('forwards nothing to a member whose access has ended', async () => {
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, other.user.id, 'member');
    await t.app.db
      .updateTable('memberships')
      .set({ access_until: '2000-01-01' })
      .where('account_id', '=', shared)
      .where('user_id', '=', other.user.id)
      .execute();
    await setForwarding(other, { enabled: true, scope: 'all', provider_ids: [] });
    const before = forwardedTo(other.email).length;
    const letterId = await deliverTestLetter(t.app, providerA.apiKey, me.email, {
      subject: 'Private',
    });
    await moveLetterToAccount(t.app, letterId, shared);
    await t.app.jobs.runDueJobs();
    expect(forwardedTo(other.email)).toHaveLength(before);
  });
});
