import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@kuvert/shared/events';
import type { FormDraft, FormDraftList } from '@kuvert/shared/forms';
import { newId } from '../../db/ids.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { publishTestForm, publishTestVersion, unpublishTestForm } from '../../test/forms.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  personalAccountOf,
} from '../../test/mailbox.ts';

/** Version 1 of the form most tests fill out. */
const MOVING_FORM = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', maxLength: 40 },
    email: { type: 'string', format: 'email', title: 'E-mail' },
    moved_on: { type: 'string', format: 'date', title: 'Moved on' },
    rooms: { type: 'integer', title: 'Rooms', minimum: 1 },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  required: ['name', 'email'],
};

describe.each(testEngines)('form drafts (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let stranger: CreatedUser & LoggedIn;
  let viewer: CreatedUser & LoggedIn;
  let accountId: string;
  let providerId: string;
  let formId: string;
  const events: LiveEvent[] = [];

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app, { firstName: 'Jana', lastName: 'Schröder' });
    stranger = await createLoggedInUser(t.app);
    viewer = await createLoggedInUser(t.app);
    accountId = personalAccountOf(me);
    providerId = (await createTestProvider(t.app)).provider.id;
    formId = await publishTestForm(t.app, providerId, {
      title: 'Ummeldung',
      schema: MOVING_FORM,
    });
    events.length = 0;
    t.app.events.subscribe((event) => events.push(event));
  });
  afterEach(async () => t.close());

  const create = (payload: Record<string, unknown>, who: LoggedIn = me) =>
    t.app.inject({
      method: 'POST',
      url: '/api/form-drafts',
      headers: who.headers,
      payload: { account_id: accountId, form_id: formId, form_version: 1, ...payload },
    });
  const createdDraft = async (payload: Record<string, unknown> = {}): Promise<FormDraft> => {
    const response = await create(payload);
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const put = (id: string, payload: Record<string, unknown>, who: LoggedIn = me) =>
    t.app.inject({ method: 'PUT', url: `/api/form-drafts/${id}`, headers: who.headers, payload });
  const getDraft = (id: string, who: LoggedIn = me) =>
    t.app.inject({ url: `/api/form-drafts/${id}`, headers: { cookie: who.cookie } });
  const list = async (account = accountId): Promise<FormDraftList> =>
    (
      await t.app.inject({
        url: `/api/form-drafts?account_id=${account}`,
        headers: { cookie: me.cookie },
      })
    ).json();
  const formsChanged = () =>
    events.filter((event) => event.type === 'forms.changed' && event.account_id === accountId)
      .length;

  it('creates, lists, saves, reloads and deletes a draft, announcing each change', async () => {
    const draft = await createdDraft({ data: { name: 'Jana', address: { city: 'Köln' } } });
    expect(draft).toMatchObject({
      account_id: accountId,
      form: { id: formId, title: 'Ummeldung', version: 1, unpublished_at: null },
      form_version: 1,
      data: { name: 'Jana', address: { city: 'Köln' } },
      files: [],
      version: 1,
      created_by_name: 'Jana Schröder',
    });
    await vi.waitFor(() => expect(formsChanged()).toBe(1));

    t.clock.advanceSeconds(10);
    const other = await createdDraft();
    expect((await list()).items.map((item) => [item.id, item.answered, item.field_count])).toEqual([
      [other.id, 0, 6],
      [draft.id, 2, 6],
    ]);

    t.clock.advanceSeconds(10);
    const saved = await put(draft.id, {
      version: 1,
      data: { name: 'Jana Schröder', email: 'jana@', rooms: 3 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      version: 2,
      data: { name: 'Jana Schröder', email: 'jana@', rooms: 3 },
    });
    // The draft just saved is now the latest.
    expect((await list()).items.map((item) => item.id)).toEqual([draft.id, other.id]);
    const reloaded = (await getDraft(draft.id)).json();
    expect(reloaded.data).toEqual({ name: 'Jana Schröder', email: 'jana@', rooms: 3 });

    // Saving from the version loaded before is refused, and overwrites nothing.
    const stale = await put(draft.id, { version: 1, data: { name: 'Old tab' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await getDraft(draft.id)).json().data.name).toBe('Jana Schröder');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/form-drafts/${draft.id}`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await getDraft(draft.id)).statusCode).toBe(404);
    expect((await list()).items.map((item) => item.id)).toEqual([other.id]);
    await vi.waitFor(() => expect(formsChanged()).toBe(4));
  });

  it('refuses answers that do not fit, naming each with its translation key', async () => {
    const response = await create({
      data: {
        name: 'x'.repeat(41),
        rooms: 'three',
        email: 42,
        nickname: 'Jay',
        address: { street: 'Ring 1', floor: 2 },
        // Only what matters on submit is left for later: an unfinished date is fine.
        moved_on: '2026-0',
      },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual([
      {
        path: 'data.name',
        message: 'At most 40 characters.',
        i18n: 'forms.validation.tooLong',
        values: { max: '40' },
      },
      {
        path: 'data.email',
        message: expect.any(String),
        i18n: 'forms.validation.type',
        values: {},
      },
      {
        path: 'data.rooms',
        message: expect.any(String),
        i18n: 'forms.validation.number',
        values: {},
      },
      {
        path: 'data.nickname',
        message: 'This form has no such field.',
        i18n: 'forms.validation.unknownField',
        values: {},
      },
      {
        path: 'data.address.floor',
        message: expect.any(String),
        i18n: 'forms.validation.unknownField',
        values: {},
      },
    ]);
    expect((await list()).items).toEqual([]);

    const draft = await createdDraft({ data: { name: 'Jana' } });
    const bad = await put(draft.id, { version: 1, data: { name: 'Jana', address: 'Köln' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details).toEqual([
      expect.objectContaining({ path: 'data.address', i18n: 'forms.validation.type' }),
    ]);
    expect((await getDraft(draft.id)).json()).toMatchObject({ version: 1, data: { name: 'Jana' } });
  });

  it('starts drafts only of published versions', async () => {
    const missingVersion = await create({ form_version: 2 });
    expect(missingVersion.statusCode).toBe(404);
    expect(missingVersion.json().details).toEqual([
      { path: 'form_version', message: 'No such version' },
    ]);
    expect((await create({ form_id: 'no-such-form' })).statusCode).toBe(404);
    await unpublishTestForm(t.app, formId);
    const withdrawn = await create({});
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().code).toBe('FORM_UNPUBLISHED');
  });

  it('keeps a draft of the old version, and moves it to the new one keeping what fits', async () => {
    const draft = await createdDraft({
      data: { name: 'Jana', email: 'jana@example.de', rooms: 3, address: { street: 'Ring 1' } },
    });
    const version = await publishTestVersion(t.app, formId, {
      title: 'Ummeldung 2026',
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 40 },
          // Was an integer: "3" is no answer to a text field.
          rooms: { type: 'string' },
          phone: { type: 'string', format: 'phone' },
          address: { type: 'object', properties: { street: { type: 'string' } } },
        },
      },
    });
    expect(version).toBe(2);

    // Untouched, the draft stays at version 1 with all its answers.
    const kept: FormDraft = (await getDraft(draft.id)).json();
    expect(kept).toMatchObject({
      form_version: 1,
      form: { title: 'Ummeldung 2026', version: 2 },
      data: { name: 'Jana', email: 'jana@example.de', rooms: 3, address: { street: 'Ring 1' } },
    });
    const [summary] = (await list()).items;
    expect(summary).toMatchObject({ form_version: 1, answered: 4, field_count: 6 });
    // Saving it at version 1 still works.
    const saved = await put(draft.id, { version: 1, data: { ...kept.data, name: 'Jana S.' } });
    expect(saved.statusCode).toBe(200);

    const moved = await put(draft.id, { version: 2, form_version: 2, data: saved.json().data });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ form_version: 2, version: 3 });
    expect(moved.json().data).toEqual({ name: 'Jana S.', address: { street: 'Ring 1' } });
    expect((await list()).items[0]).toMatchObject({ form_version: 2, answered: 2, field_count: 4 });

    // Only to the current version, not back.
    const back = await put(draft.id, { version: 3, form_version: 1, data: {} });
    expect(back.statusCode).toBe(400);
    expect(back.json().details).toEqual([
      { path: 'form_version', message: 'Not the current version' },
    ]);
  });

  it('still lists a draft of a withdrawn form, says so, and lets it be deleted only', async () => {
    const draft = await createdDraft({ data: { name: 'Jana' } });
    await unpublishTestForm(t.app, formId);
    const [summary] = (await list()).items;
    expect(summary?.id).toBe(draft.id);
    expect(summary?.form.unpublished_at).toEqual(expect.any(String));
    expect((await getDraft(draft.id)).json().form.unpublished_at).toEqual(expect.any(String));
    const save = await put(draft.id, { version: 1, data: { name: 'Jana S.' } });
    expect(save.statusCode).toBe(410);
    expect(save.json().code).toBe('FORM_UNPUBLISHED');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/form-drafts/${draft.id}`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(204);
  });

  it("shows the draft's files of its own account and form only", async () => {
    const fileForm = await publishTestForm(t.app, providerId, {
      schema: {
        type: 'object',
        properties: {
          proof: { type: 'string', format: 'file' },
          more: { type: 'array', items: { type: 'string', format: 'file' } },
        },
      },
    });
    const otherForm = await publishTestForm(t.app, providerId);
    const now = t.app.clock.now().toISOString();
    const file = async (name: string, account: string | null, form = fileForm) => {
      const id = newId();
      await t.app.db
        .insertInto('form_files')
        .values({
          id,
          form_id: form,
          account_id: account,
          upload_id: null,
          token_hash: account === null ? 'a'.repeat(64) : null,
          filename: name,
          content_type: 'application/pdf',
          size: 1234,
          storage_key: `key-${id}`,
          submission_id: null,
          created_at: now,
          expires_at: '2999-01-01T00:00:00.000Z',
        })
        .execute();
      return id;
    };
    const mine = await file('proof.pdf', accountId);
    const second = await file('more.pdf', accountId);
    const strangers = await file('theirs.pdf', personalAccountOf(stranger));
    const anonymous = await file('anonymous.pdf', null);
    const elsewhere = await file('other-form.pdf', accountId, otherForm);
    const draft = await createdDraft({
      form_id: fileForm,
      data: { proof: mine, more: [second, strangers, anonymous, elsewhere] },
    });
    expect(draft.files.toSorted((a, b) => a.filename.localeCompare(b.filename))).toEqual([
      { id: second, filename: 'more.pdf', content_type: 'application/pdf', size: 1234 },
      { id: mine, filename: 'proof.pdf', content_type: 'application/pdf', size: 1234 },
    ]);
  });

  it('lets a viewer read drafts and change none; to others they do not exist', async () => {
    const sharedAccount = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, sharedAccount, viewer.user.id, 'viewer');
    const draft = await createdDraft({ account_id: sharedAccount });
    expect((await getDraft(draft.id, viewer)).statusCode).toBe(200);
    const viewerList = await t.app.inject({
      url: `/api/form-drafts?account_id=${sharedAccount}`,
      headers: { cookie: viewer.cookie },
    });
    expect(viewerList.json().items).toHaveLength(1);
    expect((await create({ account_id: sharedAccount }, viewer)).statusCode).toBe(403);
    expect((await put(draft.id, { version: 1, data: {} }, viewer)).statusCode).toBe(403);
    const viewerDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/form-drafts/${draft.id}`,
      headers: viewer.headers,
    });
    expect(viewerDelete.statusCode).toBe(403);

    expect((await getDraft(draft.id, stranger)).statusCode).toBe(404);
    expect((await put(draft.id, { version: 1, data: {} }, stranger)).statusCode).toBe(404);
    expect((await create({ account_id: sharedAccount }, stranger)).statusCode).toBe(404);
    expect((await getDraft(draft.id)).json().version).toBe(1);
  });

  it('lets exactly one of twenty parallel saves from the same version win', async () => {
    const draft = await createdDraft();
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        put(draft.id, { version: 1, data: { name: `Tab ${index}` } }),
      ),
    );
    const statuses = saves.map((save) => save.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = saves.find((save) => save.statusCode === 200)?.json();
    const stored = (await getDraft(draft.id)).json();
    expect(stored).toMatchObject({ version: 2, data: winner.data });
  });
});
