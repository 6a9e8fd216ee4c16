import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LetterDetail, LetterPage } from '@kuvert/shared/letters';
import type { LetterDraft, LetterDraftList, SendLetterRequest } from '@kuvert/shared/outbox';
import type { SearchResult } from '@kuvert/shared/search';
import type { SenderMessagePage } from '@kuvert/shared/sender-api';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  multipart,
  personalAccountOf,
  samplePdf,
} from '../../test/mailbox.ts';
import { storeUpload } from '../../test/uploads.ts';
import { PRINT_RENDER_JOB } from '../postal/print-queue.ts';

type User = CreatedUser & LoggedIn;

const BERLIN = {
  name: 'Erika Mustermann',
  street: 'Heidestraße 17',
  postcode: '51147',
  city: 'Köln',
  country: 'DE',
} as const;

describe.each(testEngines)('outbox: sending letters (%s)', (engine) => {
  let t: TestApp;
  let me: User;
  let accountId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app, { firstName: 'Jana', lastName: 'Nowak' });
    accountId = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const send = (user: User, body: Partial<SendLetterRequest>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/outbox/letters',
      headers: user.headers,
      payload: { account_id: accountId, subject: 'Hello', body: 'First line.\n\nSecond.', ...body },
    });

  const giveAddress = async (userId: string) => {
    await t.app.db
      .updateTable('users')
      .set({
        address_street: 'Marktplatz 1',
        address_postcode: '10115',
        address_city: 'Berlin',
        address_country: 'DE',
      })
      .where('id', '=', userId)
      .execute();
  };

  const letters = async (user: User, account: string, view: string) => {
    const response = await t.app.inject({
      url: `/api/letters?account_id=${account}&view=${view}`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<LetterPage>().items;
  };

  const jobsOfType = async (type: string) =>
    t.app.db.selectFrom('jobs').selectAll().where('type', '=', type).execute();

  it('delivers to another Kuvert user at once: unread in their inbox, searchable by the sender', async () => {
    const friend = await createLoggedInUser(t.app, { firstName: 'Ayşe', lastName: 'Yılmaz' });
    const friendAccount = personalAccountOf(friend);
    const pdf = await storeUpload(t.app, me, {
      accountId,
      name: 'plan.pdf',
      bytes: await samplePdf('Gartenplan'),
    });

    const response = await send(me, {
      recipients: [{ channel: 'kuvert', email: friend.email.toUpperCase() }],
      subject: 'Unser Garten',
      upload_ids: [pdf],
    });
    expect(response.statusCode).toBe(201);
    const sent = response.json<LetterDetail>();
    expect(sent.direction).toBe('outbound');
    expect(sent.provider).toBeNull();
    expect(sent.delivery_status).toBe('delivered');
    expect(sent.recipients).toEqual([
      expect.objectContaining({
        channel: 'kuvert',
        name: 'Ayşe Yılmaz',
        email: friend.email,
        status: 'delivered',
      }),
    ]);
    expect(sent.documents.map((document) => document.filename)).toEqual(['plan.pdf']);

    // The sender's outbox shows it with its recipient's status.
    const outbox = await letters(me, accountId, 'outbox');
    expect(outbox.map((letter) => letter.id)).toEqual([sent.id]);
    expect(outbox[0]?.recipients).toEqual([
      expect.objectContaining({ channel: 'kuvert', name: 'Ayşe Yılmaz', status: 'delivered' }),
    ]);

    // The recipient's inbox has it, unread, from a person.
    const inbox = await letters(friend, friendAccount, 'inbox');
    expect(inbox).toHaveLength(1);
    const received = inbox[0];
    expect(received).toMatchObject({
      subject: 'Unser Garten',
      is_read: false,
      provider: null,
      sender_person: { name: 'Jana Nowak', email: me.email },
      recipients: [],
      document_count: 1,
    });
    const search = await t.app.inject({
      url: `/api/search?account_id=${friendAccount}&q=Nowak&kind=letters`,
      headers: { cookie: friend.cookie },
    });
    expect(search.statusCode).toBe(200);
    const hits = search.json<SearchResult>().hits;
    expect(hits.map((hit) => (hit.type === 'letter' ? hit.letter.id : hit.upload.id))).toEqual([
      received?.id,
    ]);
    expect(hits[0]).toMatchObject({ matched_in: 'provider' });
    // The sender finds it by the recipient's name; the home page lists it.
    const ownSearch = await t.app.inject({
      url: `/api/search?account_id=${accountId}&q=Ayşe&kind=letters`,
      headers: { cookie: me.cookie },
    });
    expect(ownSearch.json<SearchResult>().hits).toHaveLength(1);
    const home = await t.app.inject({
      url: `/api/home?account_id=${friendAccount}`,
      headers: { cookie: friend.cookie },
    });
    expect(home.statusCode).toBe(200);
    expect(home.json<{ recent_letters: { id: string }[] }>().recent_letters[0]?.id).toBe(
      received?.id,
    );

    // It goes into a folder and to the trash like any letter.
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: friend.headers,
      payload: { account_id: friendAccount, name: 'Garten' },
    });
    const bulk = (action: string, extra: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/letters/bulk',
        headers: friend.headers,
        payload: { letter_ids: [received?.id], action, ...extra },
      });
    expect((await bulk('move', { folder_id: folder.json().id })).statusCode).toBe(200);
    const inFolder = await letters(friend, friendAccount, `folder&folder_id=${folder.json().id}`);
    expect(inFolder.map((letter) => letter.sender_person?.name)).toEqual(['Jana Nowak']);
    expect((await bulk('trash')).statusCode).toBe(200);
    const trashed = await letters(friend, friendAccount, 'trash');
    expect(trashed.map((letter) => letter.sender_person?.name)).toEqual(['Jana Nowak']);
    expect((await bulk('restore')).statusCode).toBe(200);

    // The recipient gets the new-letter notice naming the sender.
    await t.app.jobs.runDueJobs();
    expect(t.mailer.lastTo(friend.email).text).toContain('Jana Nowak');

    // A reply goes back into the sender's inbox, answering the letter they wrote.
    const answer = multipart([
      { name: 'subject', value: 'Re: Unser Garten' },
      { name: 'body', value: 'Gerne!' },
    ]);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/letters/${received?.id}/replies`,
      headers: { ...friend.headers, 'content-type': answer.contentType },
      payload: answer.payload,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<LetterDetail>().recipients).toEqual([
      expect.objectContaining({ channel: 'kuvert', name: 'Jana Nowak', status: 'delivered' }),
    ]);
    const myInbox = await letters(me, accountId, 'inbox');
    expect(myInbox).toHaveLength(1);
    expect(myInbox[0]).toMatchObject({
      subject: 'Re: Unser Garten',
      sender_person: { name: 'Ayşe Yılmaz' },
    });
    const detail = await t.app.inject({
      url: `/api/letters/${myInbox[0]?.id}`,
      headers: { cookie: me.cookie },
    });
    expect(detail.json<LetterDetail>().in_reply_to).toBe(sent.id);
  });

  it('delivers to a provider: its Sender API messages list the letter and the webhook is queued', async () => {
    const { provider, apiKey } = await createTestProvider(t.app, {
      name: 'Stadtwerke',
      webhookUrl: 'http://127.0.0.1:9/hooks',
    });
    const response = await send(me, {
      recipients: [{ channel: 'provider', provider_id: provider.id }],
      subject: 'Zählerstand',
    });
    expect(response.statusCode).toBe(201);
    const sent = response.json<LetterDetail>();
    expect(sent.recipients).toEqual([
      expect.objectContaining({ channel: 'provider', name: 'Stadtwerke', status: 'delivered' }),
    ]);

    const messages = await t.app.inject({
      url: '/api/sender/v1/messages',
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(messages.statusCode).toBe(200);
    expect(messages.json<SenderMessagePage>().items).toEqual([
      expect.objectContaining({
        id: sent.id,
        subject: 'Zählerstand',
        in_reply_to: null,
        from: { name: 'Jana Nowak', email: me.email },
      }),
    ]);
    const webhooks = await jobsOfType('webhook.deliver');
    expect(webhooks.map((job) => JSON.parse(job.payload))).toEqual([
      expect.objectContaining({
        type: 'message.received',
        data: { message_id: sent.id, in_reply_to: null, subject: 'Zählerstand' },
      }),
    ]);

    const unknown = await send(me, { recipients: [{ channel: 'provider', provider_id: 'nope' }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'RECIPIENT_UNKNOWN',
      details: [{ path: 'recipients.0.provider_id' }],
    });
  });

  it('queues a postal letter for printing, and a mixed letter is as far as its slowest recipient', async () => {
    const friend = await createLoggedInUser(t.app);
    const { provider } = await createTestProvider(t.app);
    const postal = { channel: 'postal' as const, address: BERLIN };

    // Without a return address nothing can be printed.
    const missing = await send(me, { recipients: [postal] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'SENDER_ADDRESS_MISSING' });

    await giveAddress(me.user.id);
    const response = await send(me, {
      recipients: [
        { channel: 'kuvert', email: friend.email },
        postal,
        { channel: 'provider', provider_id: provider.id },
      ],
    });
    expect(response.statusCode).toBe(201);
    const sent = response.json<LetterDetail>();
    expect(sent.delivery_status).toBe('queued');
    expect(sent.recipients.map((recipient) => [recipient.channel, recipient.status])).toEqual([
      ['kuvert', 'delivered'],
      ['postal', 'queued'],
      ['provider', 'delivered'],
    ]);
    const printed = sent.recipients[1];
    expect(printed?.address).toEqual({ ...BERLIN, organisation: '' });
    expect(printed?.has_print_pdf).toBe(false);

    const renders = await jobsOfType(PRINT_RENDER_JOB);
    expect(renders.map((job) => JSON.parse(job.payload))).toEqual([
      { recipient_ids: [printed?.id] },
    ]);
    const [outboxRow] = await letters(me, accountId, 'outbox');
    expect(outboxRow?.delivery_status).toBe('queued');
    expect(outboxRow?.recipients.map((recipient) => recipient.status)).toEqual([
      'delivered',
      'queued',
      'delivered',
    ]);
    expect(await letters(friend, personalAccountOf(friend), 'inbox')).toHaveLength(1);

    // The print channel moves the recipient on; the letter follows.
    const { refreshLetterDeliveryStatus } = await import('../letters/letter-delivery.service.ts');
    await t.app.db
      .updateTable('letter_recipients')
      .set({ status: 'sent' })
      .where('id', '=', printed?.id ?? '')
      .execute();
    await refreshLetterDeliveryStatus(t.app.db, [sent.id]);
    expect((await letters(me, accountId, 'outbox'))[0]?.delivery_status).toBe('sent');
  });

  it('refuses what cannot be delivered, naming the field, and writes nothing', async () => {
    await giveAddress(me.user.id);
    const unknown = await send(me, {
      recipients: [
        { channel: 'postal', address: BERLIN },
        { channel: 'kuvert', email: 'nobody@example.com' },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'RECIPIENT_UNKNOWN',
      details: [{ path: 'recipients.1.email' }],
    });

    // The request's schema checks the postcode (the path names the request body) …
    const postcode = await send(me, {
      recipients: [{ channel: 'postal', address: { ...BERLIN, postcode: '1234' } }],
    });
    expect(postcode.statusCode).toBe(400);
    expect(postcode.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        {
          path: 'body.recipients.0.address.postcode',
          i18n: 'validation.postcode',
          values: { country: 'DE' },
        },
      ],
    });

    // … the server the window, which needs the font.
    const wide = await send(me, {
      recipients: [
        {
          channel: 'postal',
          address: {
            ...BERLIN,
            street: 'Straße der Pariser Kommune und der Oktoberrevolution 123a',
          },
        },
      ],
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'recipients.0.address.street', i18n: 'validation.addressTooWide' }],
    });

    // Attachments: printable ones only for post, and only the account's own uploads.
    const csv = await storeUpload(t.app, me, {
      accountId,
      name: 'list.csv',
      bytes: Buffer.from('a;b\n1;2\n'),
    });
    const notAttachable = await send(me, {
      recipients: [{ channel: 'postal', address: BERLIN }],
      upload_ids: [csv],
    });
    expect(notAttachable.statusCode).toBe(415);
    const stranger = await createLoggedInUser(t.app);
    const foreign = await storeUpload(t.app, stranger, {
      accountId: personalAccountOf(stranger),
      name: 'theirs.pdf',
      bytes: await samplePdf(),
    });
    const notMine = await send(me, {
      recipients: [{ channel: 'postal', address: BERLIN }],
      upload_ids: [foreign],
    });
    expect(notMine.statusCode).toBe(404);

    expect(await letters(me, accountId, 'outbox')).toEqual([]);
  });

  it('refuses a printed letter with an attachment that cannot be printed', async () => {
    await giveAddress(me.user.id);
    const friend = await createLoggedInUser(t.app);
    const webp = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#888888' },
    })
      .webp()
      .toBuffer();
    const image = await storeUpload(t.app, me, { accountId, name: 'photo.webp', bytes: webp });

    const byPost = await send(me, {
      recipients: [{ channel: 'postal', address: BERLIN }],
      upload_ids: [image],
    });
    expect(byPost.statusCode).toBe(415);
    expect(byPost.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: [{ path: 'upload_ids' }],
    });
    expect(await letters(me, accountId, 'outbox')).toEqual([]);

    // The same picture goes with a digital letter.
    const digital = await send(me, {
      recipients: [{ channel: 'kuvert', email: friend.email }],
      upload_ids: [image],
    });
    expect(digital.statusCode).toBe(201);
    expect(digital.json<LetterDetail>().documents).toEqual([
      expect.objectContaining({ filename: 'photo.webp', content_type: 'image/webp' }),
    ]);
  });

  it('lets members send and viewers only read', async () => {
    const viewer = await createLoggedInUser(t.app);
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, viewer.user.id, 'viewer');
    const friend = await createLoggedInUser(t.app);
    const asViewer = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/letters',
      headers: viewer.headers,
      payload: {
        account_id: shared,
        subject: 'Hi',
        body: 'Text',
        recipients: [{ channel: 'kuvert', email: friend.email }],
      },
    });
    expect(asViewer.statusCode).toBe(403);
    const asStranger = await send(friend, {
      recipients: [{ channel: 'kuvert', email: me.email }],
    });
    expect(asStranger.statusCode).toBe(404);
    // From the shared account, the copy still names the member who wrote it.
    const fromShared = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/letters',
      headers: me.headers,
      payload: {
        account_id: shared,
        subject: 'From the club',
        body: 'Text',
        recipients: [{ channel: 'kuvert', email: friend.email }],
      },
    });
    expect(fromShared.statusCode).toBe(201);
    const [received] = await letters(friend, personalAccountOf(friend), 'inbox');
    expect(received?.sender_person?.name).toBe('Jana Nowak');
  });
});

describe.each(testEngines)('outbox: drafts (%s)', (engine) => {
  let t: TestApp;
  let me: User;
  let accountId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app, { firstName: 'Jana', lastName: 'Nowak' });
    accountId = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const createDraft = async (subject: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/letter-drafts',
      headers: me.headers,
      payload: {
        account_id: accountId,
        subject,
        recipients: [{ channel: 'postal', address: { name: 'Half', postcode: '1' } }],
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<LetterDraft>();
  };

  const listDrafts = async () => {
    const response = await t.app.inject({
      url: `/api/letter-drafts?account_id=${accountId}`,
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<LetterDraftList>().items;
  };

  it('saves drafts with a version, refuses a stale save, deletes them', async () => {
    const first = await createDraft('First');
    expect(first).toMatchObject({
      version: 1,
      body: '',
      created_by_name: 'Jana Nowak',
      recipients: [
        {
          channel: 'postal',
          address: { name: 'Half', postcode: '1', street: '', city: '', country: '' },
        },
      ],
    });
    t.clock.advanceSeconds(1);
    const second = await createDraft('Second');
    expect((await listDrafts()).map((draft) => [draft.subject, draft.recipient_names])).toEqual([
      ['Second', ['Half']],
      ['First', ['Half']],
    ]);

    const pdf = await storeUpload(t.app, me, {
      accountId,
      name: 'plan.pdf',
      bytes: await samplePdf(),
    });
    const save = (version: number, body: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/letter-drafts/${first.id}`,
        headers: me.headers,
        payload: { version, subject: 'First', body, recipients: [], upload_ids: [pdf] },
      });
    const saved = await save(1, 'Typed in tab one');
    expect(saved.statusCode).toBe(200);
    expect(saved.json<LetterDraft>()).toMatchObject({
      version: 2,
      body: 'Typed in tab one',
      attachments: [{ upload_id: pdf, name: 'plan.pdf', content_type: 'application/pdf' }],
    });
    const stale = await save(1, 'Typed in tab two');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT' });
    const reloaded = await t.app.inject({
      url: `/api/letter-drafts/${first.id}`,
      headers: { cookie: me.cookie },
    });
    expect(reloaded.json<LetterDraft>().body).toBe('Typed in tab one');

    const stranger = await createLoggedInUser(t.app);
    const peek = await t.app.inject({
      url: `/api/letter-drafts/${first.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(peek.statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/letter-drafts/${second.id}`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await listDrafts()).map((draft) => draft.id)).toEqual([first.id]);
  });

  it('consumes a draft when it is sent: once, however many sends race for it', async () => {
    const friend = await createLoggedInUser(t.app);
    const draft = await createDraft('Race');
    const sends = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/outbox/letters',
          headers: me.headers,
          payload: {
            account_id: accountId,
            subject: 'Race',
            body: 'Only once',
            recipients: [{ channel: 'kuvert', email: friend.email }],
            draft_id: draft.id,
          },
        }),
      ),
    );
    const statuses = sends.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(19);
    expect(await listDrafts()).toEqual([]);
    const outbox = await t.app.inject({
      url: `/api/letters?account_id=${accountId}&view=outbox`,
      headers: { cookie: me.cookie },
    });
    expect(outbox.json<LetterPage>().items).toHaveLength(1);
    const inbox = await t.app.inject({
      url: `/api/letters?account_id=${personalAccountOf(friend)}&view=inbox`,
      headers: { cookie: friend.cookie },
    });
    expect(inbox.json<LetterPage>().items).toHaveLength(1);
  });
});
