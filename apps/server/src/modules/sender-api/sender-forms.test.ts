import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkFormDefinition,
  senderFormSchema,
  type SenderFormRequest,
} from '@kuvert/shared/forms';
import { senderMessagePageSchema } from '@kuvert/shared/sender-api';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { dayFromToday } from '../../test/invoices.ts';
import {
  createTestProvider,
  deliverTestLetter,
  multipart,
  postLetter,
} from '../../test/mailbox.ts';
import {
  SIMPLE_FORM,
  asProvider,
  createTestForm,
  insertTestSubmission,
  postSenderForm,
  type TestSubmission,
} from '../../test/sender-forms.ts';
import { encodeCursor } from '../letters/letter-cursor.ts';
import {
  definitionInvalidExample,
  invalidSenderFormRequestExample,
  senderFormRequestExample,
} from './sender-forms.examples.ts';

const withPattern = (pattern: string): SenderFormRequest => ({
  ...SIMPLE_FORM,
  schema: { type: 'object', properties: { code: { type: 'string', pattern } } },
});

/** `count` text fields of about 2 KB each. */
const manyFields = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `field${index}`,
      { type: 'string', title: 'x'.repeat(190), description: 'y'.repeat(1_900) },
    ]),
  );

describe.each(testEngines)('Sender API: publishing forms (%s)', (engine) => {
  let t: TestApp;
  let key: string;
  let providerId: string;
  let otherKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    const provider = await createTestProvider(t.app, { name: 'Stadtwerke Test' });
    key = provider.apiKey;
    providerId = provider.provider.id;
    otherKey = (await createTestProvider(t.app)).apiKey;
  });
  afterEach(async () => t.close());

  const getForm = async (apiKey: string, id: string) => {
    const response = await asProvider(t.app, apiKey, { url: `/api/sender/v1/forms/${id}` });
    expect(response.statusCode).toBe(200);
    return senderFormSchema.parse(response.json());
  };
  const putForm = (apiKey: string, id: string, form: SenderFormRequest) =>
    asProvider(t.app, apiKey, { method: 'PUT', url: `/api/sender/v1/forms/${id}`, payload: form });
  const deleteForm = (apiKey: string, id: string) =>
    asProvider(t.app, apiKey, { method: 'DELETE', url: `/api/sender/v1/forms/${id}` });
  const formCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('forms')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const useCasesOf = async (id: string) =>
    (
      await t.app.db
        .selectFrom('form_use_cases')
        .select('use_case')
        .where('form_id', '=', id)
        .orderBy('use_case')
        .execute()
    ).map((row) => row.use_case);

  it('publishes the documented form with every kind of field and a section, and shows it back', async () => {
    expect(checkFormDefinition(senderFormRequestExample.schema)).toEqual([]);
    const response = await postSenderForm(t.app, key, senderFormRequestExample);
    expect(response.statusCode).toBe(201);
    const { id, version } = response.json();
    expect(version).toBe(1);

    const form = await getForm(key, id);
    expect(form).toMatchObject({
      id,
      title: 'Change of address',
      description: senderFormRequestExample.description,
      use_cases: ['moving_house', 'utilities'],
      public: true,
      current_version: 1,
      unpublished_at: null,
      submission_count: 0,
      versions: [{ version: 1, submission_count: 0 }],
      schema: senderFormRequestExample.schema,
      ui_schema: senderFormRequestExample.ui_schema,
    });
    expect(await useCasesOf(id)).toEqual(['moving_house', 'utilities']);
  });

  it('publishes a new version that becomes current and keeps every earlier one', async () => {
    const id = await createTestForm(t.app, key);
    t.clock.advanceSeconds(60);
    const second: SenderFormRequest = {
      ...SIMPLE_FORM,
      title: 'Meter reading 2026',
      use_cases: ['housing', 'housing', 'utilities'],
      public: false,
      schema: {
        type: 'object',
        properties: { reading: { type: 'number', title: 'Reading', maximum: 999999 } },
      },
    };
    const response = await putForm(key, id, second);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, version: 2 });

    const form = await getForm(key, id);
    expect(form).toMatchObject({
      title: 'Meter reading 2026',
      public: false,
      use_cases: ['housing', 'utilities'],
      current_version: 2,
      schema: second.schema,
      ui_schema: {},
    });
    expect(form.versions.map((version) => version.version)).toEqual([1, 2]);
    expect(form.updated_at > form.created_at).toBe(true);
    expect(await useCasesOf(id)).toEqual(['housing', 'utilities']);
    // Version 1 stays as it was published, for the drafts and submissions filled against it.
    const first = await t.app.db
      .selectFrom('form_versions')
      .select(['title', 'schema'])
      .where('form_id', '=', id)
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    expect(first.title).toBe('Meter reading');
    expect(JSON.parse(first.schema)).toEqual(SIMPLE_FORM.schema);

    // Concurrent new versions each get their own number.
    const answers = await Promise.all([3, 4, 5].map(() => putForm(key, id, second)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().version).toSorted()).toEqual([3, 4, 5]);
    expect((await getForm(key, id)).current_version).toBe(5);
  });

  it('lists the provider’s forms with each version’s count of delivered submissions', async () => {
    const older = await createTestForm(t.app, key, { ...SIMPLE_FORM, title: 'Older' });
    t.clock.advanceSeconds(60);
    const newer = await createTestForm(t.app, key, { ...SIMPLE_FORM, title: 'Newer' });
    await putForm(key, newer, { ...SIMPLE_FORM, title: 'Newer, v2' });
    const submit = (formId: string, version: number, status?: 'processing' | 'failed') =>
      insertTestSubmission(t.app, {
        formId,
        providerId,
        version,
        createdAt: t.clock.now().toISOString(),
        ...(status ? { status } : {}),
      });
    await submit(newer, 1);
    await submit(newer, 1);
    await submit(newer, 2);
    await submit(newer, 2, 'processing');
    await submit(newer, 2, 'failed');
    await createTestForm(t.app, otherKey, { ...SIMPLE_FORM, title: 'Not mine' });

    const response = await asProvider(t.app, key, { url: '/api/sender/v1/forms' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      id: newer,
      title: 'Newer, v2',
      current_version: 2,
      submission_count: 3,
      versions: [
        { version: 1, submission_count: 2 },
        { version: 2, submission_count: 1 },
      ],
    });
    expect(items[0]).not.toHaveProperty('schema');
    expect(items[1]).toMatchObject({ id: older, title: 'Older', submission_count: 0 });
  });

  it('unpublishes a form (again: no change), keeps its submissions, and republishes it as a new version', async () => {
    const id = await createTestForm(t.app, key);
    await insertTestSubmission(t.app, {
      formId: id,
      providerId,
      createdAt: t.clock.now().toISOString(),
    });
    t.clock.advanceSeconds(60);
    expect((await deleteForm(key, id)).statusCode).toBe(204);
    const withdrawn = await getForm(key, id);
    expect(withdrawn.unpublished_at).toBe(t.clock.now().toISOString());
    expect(withdrawn.submission_count).toBe(1);

    t.clock.advanceSeconds(60);
    expect((await deleteForm(key, id)).statusCode).toBe(204);
    expect((await getForm(key, id)).unpublished_at).toBe(withdrawn.unpublished_at);
    const messages = await asProvider(t.app, key, { url: '/api/sender/v1/messages' });
    expect(messages.json().items).toEqual([
      expect.objectContaining({ type: 'form_submission', form: { id, version: 1 } }),
    ]);

    const republished = await putForm(key, id, SIMPLE_FORM);
    expect(republished.json()).toEqual({ id, version: 2 });
    expect(await getForm(key, id)).toMatchObject({ unpublished_at: null, current_version: 2 });
  });

  it('refuses a definition outside the subset with 422 naming the path of each problem', async () => {
    const response = await postSenderForm(t.app, key, {
      ...SIMPLE_FORM,
      schema: {
        type: 'object',
        properties: {
          iban: { type: 'string', format: 'foo' },
          age: { type: 'null' },
          address: { type: 'object', properties: { street: { type: 'object', properties: {} } } },
        },
        required: ['name'],
      },
      ui_schema: { iban: { 'ui:widget': 'slider' }, missing: {} },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('FORM_DEFINITION_INVALID');
    const problems = [
      ['/properties/iban/format', 'unsupported format "foo"'],
      ['/properties/age/type', 'unsupported type "null"'],
      ['/properties/address/properties/street/type', expect.stringContaining('cannot be nested')],
      ['/required/0', '"name" is not a property'],
      ['/ui_schema/iban/ui:widget', expect.stringContaining('unsupported widget "slider"')],
      ['/ui_schema/missing', '"missing" is not a property'],
    ];
    expect(body.details).toEqual(
      expect.arrayContaining(problems.map(([path, message]) => ({ path, message }))),
    );
    expect(body.details).toHaveLength(problems.length);
    expect(body.message).toContain('/properties/iban/format: unsupported format "foo"');
    expect(body.message).toContain('/required/0: "name" is not a property');
    expect(body.message).toContain('/ui_schema/missing: "missing" is not a property');
    expect(await formCount()).toBe(0);

    // The documented example is what the server answers.
    const documented = await postSenderForm(t.app, key, invalidSenderFormRequestExample);
    expect(documented.statusCode).toBe(422);
    expect(documented.json()).toEqual(definitionInvalidExample);

    // A new version is checked the same way, and the form stays as it was.
    const id = await createTestForm(t.app, key);
    const put = await putForm(key, id, invalidSenderFormRequestExample);
    expect(put.statusCode).toBe(422);
    expect((await getForm(key, id)).current_version).toBe(1);
    // Too large to look at: one problem at the root; too large to read: 413.
    const large = await postSenderForm(t.app, key, {
      ...SIMPLE_FORM,
      schema: { type: 'object', properties: manyFields(150) },
    });
    expect(large.statusCode).toBe(422);
    expect(large.json().message).toContain('(schema): the schema is larger than 262144 bytes');
    const tooLarge = await postSenderForm(t.app, key, {
      ...SIMPLE_FORM,
      schema: { type: 'object', properties: manyFields(600) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(await formCount()).toBe(1);
    // Not a definition at all, or not the request's shape: 400.
    const notObject = await postSenderForm(t.app, key, { ...SIMPLE_FORM, use_cases: [] });
    expect(notObject.statusCode).toBe(400);
  });

  it('refuses, naming the path, patterns the linear-time engine cannot run: back-references, look-around', async () => {
    const refused = [
      '(?<word>a)\\k<word>',
      '(x)\\1',
      '(?=\\d)\\d{5}',
      '(?!0)\\d{5}',
      '(?<=DE)\\d{2}',
      '(?<!x)y',
    ];
    for (const pattern of refused) {
      const response = await postSenderForm(t.app, key, withPattern(pattern));
      expect({ pattern, status: response.statusCode }).toEqual({ pattern, status: 422 });
      expect(response.json()).toMatchObject({
        code: 'FORM_DEFINITION_INVALID',
        details: [
          {
            path: '/properties/code/pattern',
            message: expect.stringContaining('linear-time engine does not support'),
          },
        ],
      });
    }
    // Also in a list's items, and in a section: the path names where the pattern is.
    const nested = await postSenderForm(t.app, key, {
      ...SIMPLE_FORM,
      schema: {
        type: 'object',
        properties: {
          codes: { type: 'array', items: { type: 'string', pattern: '(a)\\1' } },
          address: {
            type: 'object',
            properties: { zip: { type: 'string', pattern: '(?=1)\\d+' } },
          },
        },
      },
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().details.map((detail: { path: string }) => detail.path)).toEqual([
      '/properties/codes/items/pattern',
      '/properties/address/properties/zip/pattern',
    ]);
    const broken = await postSenderForm(t.app, key, withPattern('^[a-'));
    expect(broken.json().details).toEqual([
      { path: '/properties/code/pattern', message: 'is not a valid regular expression' },
    ]);
    // Too large a program for the linear engine to be cheap, though it is linear.
    const huge = await postSenderForm(t.app, key, withPattern('.{0,1000}.{0,1000}.{0,1000}'));
    expect(huge.json().details).toEqual([
      { path: '/properties/code/pattern', message: expect.stringContaining('too complex') },
    ]);
  });

  it('takes patterns that only a backtracking engine would fear: the linear engine runs them', async () => {
    const patterns = [
      '^[A-Z]{2}[0-9]{4}$',
      '^(a+)+$',
      '(a|a)*',
      '((a)+)+',
      '^(\\w+\\s?)*$',
      '^[a-zA-Z0-9_+&*-]+(?:\\.[a-zA-Z0-9_+&*-]+)*@(?:[a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,7}$',
      '[\\u00C0-\\u017F]+',
    ];
    for (const pattern of patterns) {
      const response = await postSenderForm(t.app, key, withPattern(pattern));
      expect({ pattern, status: response.statusCode }).toEqual({ pattern, status: 201 });
    }
  });

  it('publishes once per Idempotency-Key, also when retried at the same time', async () => {
    const headers = { 'idempotency-key': 'form-1' };
    const first = await postSenderForm(t.app, key, SIMPLE_FORM, headers);
    const retry = await postSenderForm(t.app, key, SIMPLE_FORM, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await formCount()).toBe(1);

    const other = await postSenderForm(t.app, key, { ...SIMPLE_FORM, title: 'Other' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');
    // Another provider's key space is its own.
    expect((await postSenderForm(t.app, otherKey, SIMPLE_FORM, headers)).statusCode).toBe(201);

    const concurrent = { 'idempotency-key': 'form-2' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postSenderForm(t.app, key, SIMPLE_FORM, concurrent)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await formCount()).toBe(3);
  });

  it('answers 404 to another provider on every forms route and changes nothing', async () => {
    const id = await createTestForm(t.app, key);
    const foreign = [
      await asProvider(t.app, otherKey, { url: `/api/sender/v1/forms/${id}` }),
      await putForm(otherKey, id, { ...SIMPLE_FORM, title: 'Taken over' }),
      await deleteForm(otherKey, id),
      await asProvider(t.app, key, { url: '/api/sender/v1/forms/no-such-form' }),
      await putForm(key, 'no-such-form', SIMPLE_FORM),
      await deleteForm(key, 'no-such-form'),
    ];
    expect(foreign.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(
      (await asProvider(t.app, otherKey, { url: '/api/sender/v1/forms' })).json().items,
    ).toEqual([]);
    expect(await getForm(key, id)).toMatchObject({
      title: SIMPLE_FORM.title,
      current_version: 1,
      unpublished_at: null,
    });
  });

  it('documents the forms routes with examples in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const forms = document.paths['/api/sender/v1/forms'];
    const form = document.paths['/api/sender/v1/forms/{id}'];
    expect(Object.keys(forms).toSorted()).toEqual(['get', 'post']);
    expect(Object.keys(form).toSorted()).toEqual(['delete', 'get', 'put']);
    const request = forms.post.requestBody.content['application/json'];
    expect(request.example).toEqual(senderFormRequestExample);
    expect(form.put.requestBody.content['application/json'].example).toEqual(
      senderFormRequestExample,
    );
    expect(forms.post.responses['422'].content['application/json'].example).toEqual(
      definitionInvalidExample,
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['SenderForm', 'SenderFormList', 'SenderFormPublished']),
    );
  });
});

describe.each(testEngines)('Sender API: letters naming a form (%s)', (engine) => {
  let t: TestApp;
  let key: string;
  let providerId: string;
  let otherKey: string;
  let reader: CreatedUser & LoggedIn;

  beforeEach(async () => {
    t = await createTestApp(engine);
    const provider = await createTestProvider(t.app);
    key = provider.apiKey;
    providerId = provider.provider.id;
    otherKey = (await createTestProvider(t.app)).apiKey;
    reader = await createLoggedInUser(t.app);
  });
  afterEach(async () => t.close());

  const detailOf = async (user: LoggedIn, letterId: string) =>
    (
      await t.app.inject({ url: `/api/letters/${letterId}`, headers: { cookie: user.cookie } })
    ).json().form;

  it('links a letter to one of the provider’s published forms, in every signer’s copy', async () => {
    const formId = await createTestForm(t.app, key);
    const letterId = await deliverTestLetter(t.app, key, reader.email, { form_id: formId });
    expect(await detailOf(reader, letterId)).toEqual({
      id: formId,
      provider_id: providerId,
      title: SIMPLE_FORM.title,
      available: true,
    });

    const signer = await createLoggedInUser(t.app);
    await deliverTestLetter(t.app, key, reader.email, {
      kind: 'signature_request',
      form_id: formId,
      signature: {
        due_date: dayFromToday(t.app, 7),
        signers: [{ email: reader.email }, { email: signer.email }],
      },
    });
    const copies = await t.app.db
      .selectFrom('letters')
      .select(['account_id', 'form_id'])
      .where('kind', '=', 'signature_request')
      .execute();
    expect(copies).toHaveLength(2);
    expect(copies.map((copy) => copy.form_id)).toEqual([formId, formId]);

    // Withdrawn later: the letter still names it, no longer available.
    await asProvider(t.app, key, { method: 'DELETE', url: `/api/sender/v1/forms/${formId}` });
    expect(await detailOf(reader, letterId)).toMatchObject({ id: formId, available: false });
    // A letter without a form has none.
    expect(await detailOf(reader, await deliverTestLetter(t.app, key, reader.email))).toBeNull();
  });

  it('refuses a form of another provider, an unknown one and a withdrawn one, and delivers nothing', async () => {
    const foreign = await createTestForm(t.app, otherKey);
    const withdrawn = await createTestForm(t.app, key);
    await asProvider(t.app, key, { method: 'DELETE', url: `/api/sender/v1/forms/${withdrawn}` });
    for (const formId of [foreign, 'no-such-form', withdrawn]) {
      const response = await postLetter(t.app, key, {
        recipient: { email: reader.email },
        subject: 'Please fill this out',
        form_id: formId,
      });
      expect({ formId, status: response.statusCode }).toEqual({ formId, status: 400 });
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'metadata.form_id', message: 'Not one of your published forms' }],
      });
    }
    const letters = await t.app.db.selectFrom('letters').select('id').execute();
    expect(letters).toEqual([]);
  });
});

describe.each(testEngines)('Sender API: form submissions among the messages (%s)', (engine) => {
  let t: TestApp;
  let key: string;
  let providerId: string;
  let other: { key: string; id: string };
  let writer: CreatedUser & LoggedIn;
  let formId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    const provider = await createTestProvider(t.app, { name: 'Stadtwerke Test' });
    key = provider.apiKey;
    providerId = provider.provider.id;
    const second = await createTestProvider(t.app);
    other = { key: second.apiKey, id: second.provider.id };
    writer = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Weber' });
    formId = await createTestForm(t.app, key);
  });
  afterEach(async () => t.close());

  /** A reply from the writer to a letter of the provider, one second later on the clock. */
  const reply = async (subject: string) => {
    const letterId = await deliverTestLetter(t.app, key, writer.email);
    t.clock.advanceSeconds(1);
    const body = multipart([
      { name: 'subject', value: subject },
      { name: 'body', value: 'See attached.' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/letters/${letterId}/replies`,
      headers: { ...writer.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return String(response.json().id);
  };
  /** A delivered submission, one second later on the clock. */
  const submission = async (data: Record<string, unknown>, extra: Partial<TestSubmission> = {}) => {
    t.clock.advanceSeconds(1);
    return insertTestSubmission(t.app, {
      formId,
      providerId,
      createdAt: t.clock.now().toISOString(),
      data,
      ...extra,
    });
  };
  const messages = async (apiKey: string, query = '') => {
    const response = await asProvider(t.app, apiKey, { url: `/api/sender/v1/messages${query}` });
    expect(response.statusCode).toBe(200);
    return senderMessagePageSchema.parse(response.json());
  };

  it('lists delivered submissions with their answers, sender, reference and documents', async () => {
    const receipt = Buffer.from('%PDF-1.7 receipt');
    const photo = Buffer.from('jpeg bytes');
    const statement = Buffer.from('%PDF-1.7 statement');
    const signed = await submission(
      { reading: 4711, email: 'anna@example.com', consent: true },
      {
        submitterName: 'Anna Weber',
        submitterEmail: 'anna@example.com',
        // Written in another order: the receipt comes first whatever its position.
        documents: [
          { kind: 'attachment', position: 2, filename: 'statement.pdf', content: statement },
          {
            kind: 'attachment',
            position: 1,
            filename: 'meter.jpg',
            content: photo,
            contentType: 'image/jpeg',
          },
          { kind: 'receipt', position: 3, filename: 'F-2026.pdf', content: receipt },
        ],
      },
    );
    const anonymous = await submission({ reading: 12 });
    await submission({ reading: 1 }, { status: 'processing' });
    await submission({ reading: 2 }, { status: 'failed' });

    const page = await messages(key);
    expect(page.items.map((item) => item.id)).toEqual([anonymous.id, signed.id]);
    expect(page.items[1]).toMatchObject({
      id: signed.id,
      type: 'form_submission',
      in_reply_to: null,
      subject: SIMPLE_FORM.title,
      body: '',
      from: { name: 'Anna Weber', email: 'anna@example.com' },
      form: { id: formId, version: 1 },
      data: { reading: 4711, email: 'anna@example.com', consent: true },
      reference: signed.reference,
    });
    expect(page.items[0]).toMatchObject({ from: { name: '', email: '' }, data: { reading: 12 } });
    const documents = page.items[1]?.documents ?? [];
    expect(documents.map((document) => [document.filename, document.size])).toEqual([
      ['F-2026.pdf', receipt.length],
      ['meter.jpg', photo.length],
      ['statement.pdf', statement.length],
    ]);
    for (const [index, bytes] of [receipt, photo, statement].entries()) {
      const url = new URL(documents[index]?.url ?? '');
      const download = await asProvider(t.app, key, { url: url.pathname });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload).toEqual(bytes);
      expect(download.headers['content-disposition']).toContain('attachment');
      // Another provider gets nothing, not even with the exact URL.
      expect((await asProvider(t.app, other.key, { url: url.pathname })).statusCode).toBe(404);
    }
    expect((await messages(other.key)).items).toEqual([]);
  });

  it('keeps one newest-first order over letters and submissions across pages', async () => {
    const first = await reply('First reply');
    const second = (await submission({ reading: 1 })).id;
    const third = await reply('Second reply');
    const fourth = (await submission({ reading: 2 })).id;
    const fifth = (await submission({ reading: 3 })).id;
    // Another provider's submission at the same moment stays out of the list.
    await insertTestSubmission(t.app, {
      formId: await createTestForm(t.app, other.key),
      providerId: other.id,
      createdAt: t.clock.now().toISOString(),
    });

    const seen: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = await messages(key, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([[fifth, fourth], [third, second], [first]]);

    const all = await messages(key);
    expect(all.items.map((item) => item.type)).toEqual([
      'form_submission',
      'form_submission',
      'letter',
      'form_submission',
      'letter',
    ]);
    // Letters stay letters.
    expect(all.items[2]).toMatchObject({
      subject: 'Second reply',
      from: { name: 'Anna Weber', email: writer.email },
      form: null,
      data: null,
      reference: null,
    });
    // A cursor at a letter, as clients hold them from before submissions were listed.
    const afterLetter = encodeCursor({
      createdAt: all.items[2]?.created_at ?? '',
      id: (
        await t.app.db
          .selectFrom('letter_recipients')
          .select('id')
          .where('letter_id', '=', third)
          .executeTakeFirstOrThrow()
      ).id,
    });
    expect((await messages(key, `?cursor=${afterLetter}`)).items.map((item) => item.id)).toEqual([
      second,
      first,
    ]);
  });
});
