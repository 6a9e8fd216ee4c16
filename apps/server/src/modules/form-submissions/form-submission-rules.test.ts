import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldIssue } from '@kuvert/shared/errors';
import type { FormFile, FormSubmissionSummary } from '@kuvert/shared/forms';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import {
  MOVING_FORM,
  createTestDraft,
  publishTestForm,
  publishTestVersion,
  unpublishTestForm,
} from '../../test/forms.ts';
import {
  issueUploadToken,
  pdfText,
  postAccountFile,
  postPublicFile,
} from '../../test/form-submissions.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  VALID_IBAN,
  addMember,
  createSharedAccount,
  createTestProvider,
  personalAccountOf,
  samplePdf,
} from '../../test/mailbox.ts';
import { runAllJobs } from '../../test/postal.ts';
import { TINY_PNG } from '../../test/uploads.ts';
import { FORM_DELIVERY_JOB } from './form-submission-job-types.ts';
import {
  PUBLIC_SUBMISSIONS_PER_ADDRESS_PER_HOUR,
  PUBLIC_SUBMISSIONS_PER_FORM_PER_HOUR,
} from './form-submissions.service.ts';

type User = CreatedUser & LoggedIn;

const ANSWERS = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.org',
  moved_on: '2026-05-31',
  iban: VALID_IBAN,
  tariff: 'basic',
  address: { street: 'Main Street 1', city: 'London' },
  consent: true,
};

const issuesOf = (response: LightMyRequestResponse) =>
  (response.json<{ details: FieldIssue[] }>().details ?? []).map((issue) => ({
    path: issue.path,
    i18n: issue.i18n,
  }));

describe.each(testEngines)('forms: the rules of submitting (%s)', (engine) => {
  let t: TestApp;
  let providerId: string;
  let formId: string;
  let pdf: Buffer;

  beforeEach(async () => {
    t = await createTestApp(engine);
    providerId = (await createTestProvider(t.app)).provider.id;
    formId = await publishTestForm(t.app, providerId, MOVING_FORM);
    pdf = await samplePdf('Proof');
  });
  afterEach(async () => t.close());

  const submitPublic = (
    payload: Record<string, unknown>,
    options: { form?: string; remoteAddress?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${options.form ?? formId}/submissions`,
      remoteAddress: options.remoteAddress ?? '203.0.113.50',
      payload: { form_version: 1, ...payload },
    });

  const submitAs = (user: User, payload: Record<string, unknown>, form = formId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/forms/${form}/submissions`,
      headers: user.headers,
      payload: { account_id: personalAccountOf(user), form_version: 1, ...payload },
    });

  const submissionCount = async () =>
    (await t.app.db.selectFrom('form_submissions').select('id').execute()).length;

  it('checks the answers again with the shared rules: 422 with each path, its translation key and values', async () => {
    const response = await submitPublic({
      data: {
        full_name: 'A',
        email: 'not an address',
        iban: 'DE00 1234',
        tariff: 'platinum',
        address: { street: 'Main Street 1' },
        nickname: 'Ada',
      },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ code: string; details: FieldIssue[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toContainEqual({
      path: 'data.full_name',
      message: 'At least 2 characters.',
      i18n: 'forms.validation.tooShort',
      values: { min: '2' },
    });
    expect(issuesOf(response)).toEqual(
      expect.arrayContaining([
        { path: 'data.email', i18n: 'forms.validation.email' },
        { path: 'data.moved_on', i18n: 'forms.validation.required' },
        { path: 'data.iban', i18n: 'forms.validation.iban' },
        { path: 'data.tariff', i18n: 'forms.validation.choice' },
        { path: 'data.address.city', i18n: 'forms.validation.required' },
        { path: 'data.consent', i18n: 'forms.validation.mustTick' },
        { path: 'data.nickname', i18n: 'forms.validation.unknownField' },
      ]),
    );
    expect(await submissionCount()).toBe(0);
  });

  it('refuses answers larger than the limit, by the body limit or by the rules', async () => {
    const huge = await submitPublic({
      data: { ...ANSWERS, full_name: 'x'.repeat(400 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    // Under the body limit, but over the answers' limit: many short unknown keys.
    const many = Object.fromEntries(
      Array.from({ length: 13_000 }, (_, index) => [`k${index}`, 'abcdefghij']),
    );
    const tooMuch = await submitPublic({ data: { ...ANSWERS, ...many } });
    expect(tooMuch.statusCode).toBe(422);
    expect(issuesOf(tooMuch)).toEqual([{ path: 'data', i18n: 'forms.validation.tooMuchData' }]);
  });

  it('refuses a file of another token, another account or another form, and one of a type the field does not take', async () => {
    const mine = await issueUploadToken(t.app, formId);
    const theirs = await issueUploadToken(t.app, formId, '198.51.100.77');
    const theirFile = (
      await postPublicFile(t.app, formId, theirs, { filename: 'theirs.pdf', content: pdf })
    ).json<FormFile>();
    const otherFormId = await publishTestForm(t.app, providerId, MOVING_FORM);
    const otherFormToken = await issueUploadToken(t.app, otherFormId);
    const otherFormFile = (
      await postPublicFile(t.app, otherFormId, otherFormToken, { filename: 'o.pdf', content: pdf })
    ).json<FormFile>();
    const user = await createLoggedInUser(t.app);
    const accountFile = (
      await postAccountFile(t.app, user, formId, personalAccountOf(user), {
        filename: 'account.pdf',
        content: pdf,
      })
    ).json<FormFile>();
    // A PNG sent without naming a field (the form's photos take PNG), then put in a PDF field.
    const png = await postPublicFile(t.app, formId, mine, {
      filename: 'photo.pdf',
      content: TINY_PNG,
    });
    expect(png.statusCode).toBe(201);

    for (const [id, why] of [
      [theirFile.id, 'another token'],
      [otherFormFile.id, 'another form'],
      [accountFile.id, 'an account’s file'],
      [png.json<FormFile>().id, 'a PNG in a PDF field'],
    ] as const) {
      const response = await submitPublic({ data: { ...ANSWERS, proof: id }, token: mine });
      expect({ why, status: response.statusCode, issues: issuesOf(response) }).toEqual({
        why,
        status: 422,
        issues: [{ path: 'data.proof', i18n: 'forms.validation.file' }],
      });
    }
    // Logged in, an anonymous visitor's file is no better.
    const asUser = await submitAs(user, { data: { ...ANSWERS, proof: theirFile.id } });
    expect(issuesOf(asUser)).toEqual([{ path: 'data.proof', i18n: 'forms.validation.file' }]);
    expect(await submissionCount()).toBe(0);
  });

  it('attaches a file to one submission only', async () => {
    const token = await issueUploadToken(t.app, formId);
    const file = (
      await postPublicFile(t.app, formId, token, { filename: 'once.pdf', content: pdf })
    ).json<FormFile>();
    const data = { ...ANSWERS, proof: file.id };
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        submitPublic({ data, token }, { remoteAddress: `203.0.113.${60 + index}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).toSorted();
    expect(statuses).toEqual([201, 422, 422, 422, 422]);
    expect(await submissionCount()).toBe(1);
  });

  it('makes 20 parallel submits of one draft a single submission, answered to each', async () => {
    const me = await createLoggedInUser(t.app);
    const draftId = await createTestDraft(t.app, {
      accountId: personalAccountOf(me),
      userId: me.user.id,
      formId,
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => submitAs(me, { data: ANSWERS, draft_id: draftId })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(responses.map((response) => response.json<FormSubmissionSummary>().id));
    expect(ids.size).toBe(1);
    expect(await submissionCount()).toBe(1);
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', FORM_DELIVERY_JOB)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(await t.app.db.selectFrom('form_drafts').select('id').execute()).toEqual([]);
    // Later, once more: the same submission; a draft that never was is 404.
    expect((await submitAs(me, { data: ANSWERS, draft_id: draftId })).json().id).toEqual(
      [...ids][0],
    );
    expect((await submitAs(me, { data: ANSWERS, draft_id: 'no-such-draft' })).statusCode).toBe(404);
    // Another user cannot learn anything through the draft's id.
    const stranger = await createLoggedInUser(t.app);
    expect((await submitAs(stranger, { data: ANSWERS, draft_id: draftId })).statusCode).toBe(404);
  });

  it('holds the limit per address under parallel submissions, refused ones counted too', async () => {
    // Refused answers count: the page checks them before it sends, so people rarely meet a
    // refusal, and one that cost nothing could be repeated without end.
    expect((await submitPublic({ data: { ...ANSWERS, email: 'x' } })).statusCode).toBe(422);
    const allowed = PUBLIC_SUBMISSIONS_PER_ADDRESS_PER_HOUR - 1;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => submitPublic({ data: ANSWERS })),
    );
    const statuses = responses.map((response) => response.statusCode).toSorted();
    expect(statuses).toEqual([
      ...Array<number>(allowed).fill(201),
      ...Array<number>(20 - allowed).fill(429),
    ]);
    const limited = responses.find((response) => response.statusCode === 429);
    expect(limited?.json().code).toBe('RATE_LIMITED');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await submissionCount()).toBe(allowed);
    // Another address may; an hour later, this one may again.
    expect((await submitPublic({ data: ANSWERS }, { remoteAddress: '192.0.2.1' })).statusCode).toBe(
      201,
    );
    t.clock.advanceSeconds(3601);
    expect((await submitPublic({ data: ANSWERS })).statusCode).toBe(201);
  });

  it('holds the limit per form against many addresses', async () => {
    const perAddress = PUBLIC_SUBMISSIONS_PER_ADDRESS_PER_HOUR;
    const addresses = PUBLIC_SUBMISSIONS_PER_FORM_PER_HOUR / perAddress;
    for (let batch = 0; batch < addresses; batch += 1) {
      const responses = await Promise.all(
        Array.from({ length: perAddress }, () =>
          submitPublic({ data: ANSWERS }, { remoteAddress: `10.1.${batch}.1` }),
        ),
      );
      expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    }
    const next = await submitPublic({ data: ANSWERS }, { remoteAddress: '10.2.0.1' });
    expect(next.statusCode).toBe(429);
    // Other forms are not held up by it.
    const otherFormId = await publishTestForm(t.app, providerId, MOVING_FORM);
    expect(
      (await submitPublic({ data: ANSWERS }, { form: otherFormId, remoteAddress: '10.2.0.1' }))
        .statusCode,
    ).toBe(201);
  });

  it('takes any kept version: an old one after a new one, and its PDF shows the old labels', async () => {
    await publishTestVersion(t.app, formId, {
      ...MOVING_FORM,
      title: 'Change of address (2027)',
      ui_schema: {},
      schema: {
        type: 'object',
        properties: { customer_number: { type: 'string', title: 'Customer number' } },
        required: ['customer_number'],
      },
    });
    const me = await createLoggedInUser(t.app);
    const old = await submitAs(me, { form_version: 1, data: ANSWERS });
    expect(old.statusCode).toBe(201);
    expect(old.json<FormSubmissionSummary>().form).toMatchObject({
      title: 'Change of address',
      version: 1,
    });
    // The old answers do not fit the new version.
    const wrong = await submitAs(me, { form_version: 2, data: ANSWERS });
    expect(wrong.statusCode).toBe(422);
    const current = await submitAs(me, { form_version: 2, data: { customer_number: 'K-1' } });
    expect(current.statusCode).toBe(201);
    expect((await submitAs(me, { form_version: 3, data: ANSWERS })).statusCode).toBe(404);

    await runAllJobs(t.app);
    const receipt = await t.app.inject({
      url: `/api/form-submissions/${old.json().id}/receipt`,
      headers: { cookie: me.cookie },
    });
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('Change of address');
    expect(text).toContain('Full name');
    expect(text).not.toContain('Customer number');
  });

  it('refuses a withdrawn form with 410, logged in or not', async () => {
    const me = await createLoggedInUser(t.app);
    await unpublishTestForm(t.app, formId);
    for (const response of [
      await submitPublic({ data: ANSWERS }),
      await submitAs(me, { data: ANSWERS }),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().code).toBe('FORM_UNPUBLISHED');
    }
    expect((await submitPublic({ data: ANSWERS }, { form: 'no-such-form' })).statusCode).toBe(404);
  });

  it('keeps a form for logged-in users off the anonymous routes', async () => {
    const privateFormId = await publishTestForm(t.app, providerId, {
      ...MOVING_FORM,
      public: false,
    });
    const anonymous = await submitPublic({ data: ANSWERS }, { form: privateFormId });
    expect(anonymous.statusCode).toBe(404);
    const files = await postPublicFile(t.app, privateFormId, 'any', {
      filename: 'a.pdf',
      content: pdf,
    });
    expect(files.statusCode).toBe(404);
    const me = await createLoggedInUser(t.app);
    expect((await submitAs(me, { data: ANSWERS }, privateFormId)).statusCode).toBe(201);
  });

  it('lets a viewer of an account read but not submit', async () => {
    const owner = await createLoggedInUser(t.app);
    const viewer = await createLoggedInUser(t.app);
    const shared = await createSharedAccount(t.app, owner.user.id);
    await addMember(t.app, shared, viewer.user.id, 'viewer');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/submissions`,
      headers: viewer.headers,
      payload: { account_id: shared, form_version: 1, data: ANSWERS },
    });
    expect(response.statusCode).toBe(403);
    const list = await t.app.inject({
      url: `/api/form-submissions?account_id=${shared}`,
      headers: { cookie: viewer.cookie },
    });
    expect(list.statusCode).toBe(200);
  });
});
