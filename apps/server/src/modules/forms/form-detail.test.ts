import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '@kuvert/shared/forms';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import {
  SAMPLE_FORM_SCHEMA,
  publishTestForm,
  publishTestVersion,
  unpublishTestForm,
} from '../../test/forms.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { personalAccountOf } from '../../test/mailbox.ts';
import { TINY_PNG } from '../../test/uploads.ts';
import { createProvider } from '../providers/providers.service.ts';
import { PUBLIC_FORM_READS_PER_MINUTE } from './forms.service.ts';

/** Every prefill key, one of them in a section. */
const PREFILLED_SCHEMA = {
  type: 'object',
  properties: {
    full: { type: 'string', 'x-kuvert-prefill': 'profile.full_name' },
    first: { type: 'string', 'x-kuvert-prefill': 'profile.first_name' },
    last: { type: 'string', 'x-kuvert-prefill': 'profile.last_name' },
    email: { type: 'string', format: 'email', 'x-kuvert-prefill': 'profile.email' },
    notes: { type: 'string' },
    address: {
      type: 'object',
      title: 'Address',
      properties: {
        street: { type: 'string', 'x-kuvert-prefill': 'profile.address.street' },
        postcode: { type: 'string', 'x-kuvert-prefill': 'profile.address.postcode' },
        city: { type: 'string', 'x-kuvert-prefill': 'profile.address.city' },
        country: { type: 'string', 'x-kuvert-prefill': 'profile.address.country' },
      },
    },
  },
};

describe.each(testEngines)('a form to fill out (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let stranger: CreatedUser & LoggedIn;
  let providerId: string;
  let otherProviderId: string;

  const getAs = (url: string, who: LoggedIn = me) =>
    t.app.inject({ url, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app, { firstName: 'Jürgen', lastName: 'Weiß' });
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: me.headers,
      payload: {
        address: { street: 'Lindenallee 3', postcode: '50667', city: 'Köln', country: 'DE' },
      },
    });
    if (profile.statusCode !== 200) throw new Error(`profile not saved: ${profile.body}`);
    stranger = await createLoggedInUser(t.app, { firstName: 'Ana', lastName: 'Lopes' });
    const provider = await createProvider(t.app, {
      name: 'Stadtwerke',
      category: 'utility',
      logo: TINY_PNG,
    });
    providerId = provider.provider.id;
    otherProviderId = (await createProvider(t.app, { name: 'Other', category: 'utility' })).provider
      .id;
  });
  afterAll(async () => t.close());

  it("prefills each field that asks for it from the caller's profile", async () => {
    const formId = await publishTestForm(t.app, providerId, {
      title: 'Ummeldung',
      schema: PREFILLED_SCHEMA,
      ui_schema: { notes: { 'ui:widget': 'textarea' } },
      use_cases: ['moving_house'],
    });
    const response = await getAs(`/api/forms/${formId}?account_id=${personalAccountOf(me)}`);
    expect(response.statusCode).toBe(200);
    const detail: FormDetail = response.json();
    expect(detail.prefill).toEqual({
      full: 'Jürgen Weiß',
      first: 'Jürgen',
      last: 'Weiß',
      email: me.email,
      'address.street': 'Lindenallee 3',
      'address.postcode': '50667',
      'address.city': 'Köln',
      'address.country': 'DE',
    });
    expect(detail).toMatchObject({
      id: formId,
      title: 'Ummeldung',
      use_cases: ['moving_house'],
      version: 1,
      current_version: 1,
      public: false,
      schema: PREFILLED_SCHEMA,
      ui_schema: { notes: { 'ui:widget': 'textarea' } },
      provider: { id: providerId, logo_url: `/api/providers/${providerId}/logo` },
    });

    // Without an address in the profile, only the name and e-mail are filled in.
    const other = (await getAs(`/api/forms/${formId}`, stranger)).json();
    expect(other.prefill).toEqual({
      full: 'Ana Lopes',
      first: 'Ana',
      last: 'Lopes',
      email: stranger.email,
    });
    // Someone else's account is not the caller's to name.
    const foreign = await getAs(
      `/api/forms/${formId}?account_id=${personalAccountOf(me)}`,
      stranger,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('answers the version asked for, the current one by default, and 404 for others', async () => {
    const formId = await publishTestForm(t.app, providerId, { title: 'Antrag' });
    const ibanOnly = { type: 'object', properties: { iban: { type: 'string', format: 'iban' } } };
    await publishTestVersion(t.app, formId, {
      title: 'Antrag (neu)',
      schema: ibanOnly,
      use_cases: ['banking'],
    });
    const current: FormDetail = (await getAs(`/api/forms/${formId}`)).json();
    expect(current).toMatchObject({ title: 'Antrag (neu)', version: 2, current_version: 2 });
    expect(current.use_cases).toEqual(['banking']);
    expect(current.schema).toEqual(ibanOnly);

    const first: FormDetail = (await getAs(`/api/forms/${formId}?version=1`)).json();
    expect(first).toMatchObject({ title: 'Antrag', version: 1, current_version: 2 });
    expect(first.use_cases).toEqual(['other']);
    expect(first.schema).toEqual(SAMPLE_FORM_SCHEMA);
    expect(first.prefill).toEqual({ name: 'Jürgen Weiß', email: me.email });

    const missing = await getAs(`/api/forms/${formId}?version=3`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await getAs(`/api/forms/${formId}?version=0`)).statusCode).toBe(400);
    expect((await getAs('/api/forms/no-such-form')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/forms/${formId}` })).statusCode).toBe(401);
  });

  it('answers 410 FORM_UNPUBLISHED for a withdrawn form, at any version', async () => {
    const formId = await publishTestForm(t.app, providerId, { public: true });
    await unpublishTestForm(t.app, formId);
    for (const url of [
      `/api/forms/${formId}`,
      `/api/forms/${formId}?version=1`,
      `/api/public/forms/${providerId}/${formId}`,
    ]) {
      const response = await getAs(url);
      expect({ url, status: response.statusCode, code: response.json().code }).toEqual({
        url,
        status: 410,
        code: 'FORM_UNPUBLISHED',
      });
    }
  });

  it("shows a public form to anyone, and nothing that is not public or not the provider's", async () => {
    const publicId = await publishTestForm(t.app, providerId, {
      title: 'Zählerstand',
      schema: PREFILLED_SCHEMA,
      public: true,
    });
    const url = `/api/public/forms/${providerId}/${publicId}`;
    const anonymous = await t.app.inject({ url });
    expect(anonymous.statusCode).toBe(200);
    const detail: FormDetail = anonymous.json();
    expect(detail).toMatchObject({ id: publicId, title: 'Zählerstand', public: true, version: 1 });
    // Nothing of anyone's profile, and no logo URL that needs a session.
    expect(detail.prefill).toEqual({});
    expect(detail.provider).toEqual({
      id: providerId,
      name: 'Stadtwerke',
      category: 'utility',
      verified: true,
      logo_url: null,
    });
    // Logged in, it is the same public page: no prefill either.
    expect((await getAs(url)).json().prefill).toEqual({});

    const privateId = await publishTestForm(t.app, providerId, { public: false });
    const notFound = [
      `/api/public/forms/${providerId}/${privateId}`,
      `/api/public/forms/${otherProviderId}/${publicId}`,
      `/api/public/forms/${providerId}/no-such-form`,
      `${url}?version=2`,
    ];
    for (const candidate of notFound) {
      const response = await t.app.inject({ url: candidate });
      expect({ candidate, status: response.statusCode }).toEqual({ candidate, status: 404 });
    }

    // A form made public in version 2: its first version stays closed to visitors.
    await publishTestVersion(t.app, privateId, { public: true });
    expect(
      (await t.app.inject({ url: `/api/public/forms/${providerId}/${privateId}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/public/forms/${providerId}/${privateId}?version=1` }))
        .statusCode,
    ).toBe(404);
    // And one no longer public is closed at every version.
    await publishTestVersion(t.app, publicId, { public: false });
    expect((await t.app.inject({ url: `${url}?version=1` })).statusCode).toBe(404);
  });

  it('limits how often one address reads public forms', async () => {
    const formId = await publishTestForm(t.app, otherProviderId, { public: true });
    const url = `/api/public/forms/${otherProviderId}/${formId}`;
    const from = (remoteAddress: string) => t.app.inject({ url, remoteAddress });
    const answers = await Promise.all(
      Array.from({ length: PUBLIC_FORM_READS_PER_MINUTE + 5 }, () => from('203.0.113.7')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PUBLIC_FORM_READS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(limited?.json().code).toBe('RATE_LIMITED');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up, and the first may read again a minute later.
    expect((await from('203.0.113.8')).statusCode).toBe(200);
    t.clock.advanceSeconds(61);
    expect((await from('203.0.113.7')).statusCode).toBe(200);
  });

  it('documents the routes for finding, reading and drafting forms in the OpenAPI', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/forms',
        '/api/forms/start',
        '/api/forms/providers',
        '/api/forms/providers/{providerId}',
        '/api/forms/use-cases',
        '/api/forms/{formId}',
        '/api/public/forms/{providerId}/{formId}',
        '/api/form-drafts',
        '/api/form-drafts/{id}',
      ]),
    );
    const summary = document.components.schemas.FormSummary;
    expect(Object.keys(summary.properties)).toContain('unpublished_at');
  });
});
