import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FormCataloguePage,
  FormProviderList,
  FormStart,
  FormSummary,
  FormUseCaseList,
} from '@kuvert/shared/forms';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { publishTestForm, unpublishTestForm } from '../../test/forms.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  moveLetterToAccount,
  personalAccountOf,
} from '../../test/mailbox.ts';
import { TINY_PNG } from '../../test/uploads.ts';
import { createProvider } from '../providers/providers.service.ts';

const titlesOf = (items: FormSummary[]) => items.map((item) => item.title);
/** As long as a title may be, and mostly not ASCII: more than a cursor could carry. */
const LONG_TITLE = `Antrag 99 – ${'Müller-Lüdenscheidt '.repeat(9).trim()}`;
const ANTRAG_TITLES = [
  ...Array.from({ length: 10 }, (_, index) => `Antrag ${String(index + 1).padStart(2, '0')}`),
  LONG_TITLE,
];

describe.each(testEngines)('the forms catalogue (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let stranger: CreatedUser & LoggedIn;
  let sharedAccountId: string;
  /** Stadtwerke Müllheim (a logo, two forms), Nordbank (twelve), one without any, one withdrawn. */
  const providers = { stadtwerke: '', nordbank: '', silent: '', withdrawn: '' };
  const keys = { stadtwerke: '', nordbank: '', silent: '', withdrawn: '' };
  const forms = { ummeldung: '', zaehler: '', konto: '', schaden: '' };

  const get = async <T>(url: string, who: LoggedIn = me): Promise<T> => {
    const response = await t.app.inject({ url, headers: { cookie: who.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const search = (query: string) => get<FormCataloguePage>(`/api/forms?${query}`);
  const titlesFound = async (query: string) => titlesOf((await search(query)).items);
  const titlesMatching = (q: string) => titlesFound(`q=${encodeURIComponent(q)}`);

  beforeAll(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    stranger = await createLoggedInUser(t.app);
    sharedAccountId = await createSharedAccount(t.app, me.user.id);

    const stadtwerke = await createProvider(t.app, {
      name: 'Stadtwerke Müllheim',
      category: 'utility',
      logo: TINY_PNG,
    });
    const nordbank = await createTestProvider(t.app, { name: 'Nordbank' });
    const silent = await createTestProvider(t.app, { name: 'Amt ohne Formulare' });
    const withdrawn = await createTestProvider(t.app, { name: 'Alte Versicherung' });
    const created = { stadtwerke, nordbank, silent, withdrawn };
    for (const name of ['stadtwerke', 'nordbank', 'silent', 'withdrawn'] as const) {
      providers[name] = created[name].provider.id;
      keys[name] = created[name].apiKey;
    }

    forms.ummeldung = await publishTestForm(t.app, providers.stadtwerke, {
      title: 'Ummeldung der Wohnung',
      description: 'Für den Umzug nach Müllheim',
      use_cases: ['housing', 'moving_house'],
    });
    forms.zaehler = await publishTestForm(t.app, providers.stadtwerke, {
      title: 'Zählerstand melden',
      description: 'Strom und Gas, 100% online',
      use_cases: ['utilities'],
      public: true,
    });
    forms.konto = await publishTestForm(t.app, providers.nordbank, {
      title: 'Kontoeröffnung',
      description: 'Ein Girokonto eröffnen',
      use_cases: ['banking'],
    });
    forms.schaden = await publishTestForm(t.app, providers.nordbank, {
      title: 'schadensmeldung',
      description: "Réclamation d'assurance",
      use_cases: ['insurance_claim'],
    });
    for (const title of ANTRAG_TITLES) {
      await publishTestForm(t.app, providers.nordbank, { title, use_cases: ['work'] });
    }
    const old = await publishTestForm(t.app, providers.withdrawn, {
      title: 'Withdrawn claim',
      use_cases: ['insurance_claim'],
    });
    await unpublishTestForm(t.app, old);

    // Letters: Nordbank first, then the silent one, then the withdrawn one, Stadtwerke last.
    await deliverTestLetter(t.app, keys.nordbank, me.email);
    for (const key of [keys.silent, keys.withdrawn, keys.stadtwerke]) {
      t.clock.advanceSeconds(60);
      await deliverTestLetter(t.app, key, me.email);
    }
    t.clock.advanceSeconds(60);
    const toShared = await deliverTestLetter(t.app, keys.stadtwerke, me.email);
    await moveLetterToAccount(t.app, toShared, sharedAccountId);
  });
  afterAll(async () => t.close());

  it('lists published forms in title order, without regard to case, with their provider', async () => {
    const page = await search('limit=100');
    expect(titlesOf(page.items)).toEqual([
      ...ANTRAG_TITLES,
      'Kontoeröffnung',
      'schadensmeldung',
      'Ummeldung der Wohnung',
      'Zählerstand melden',
    ]);
    expect(page.next_cursor).toBeNull();
    const ummeldung = page.items.find((item) => item.id === forms.ummeldung);
    expect(ummeldung).toEqual({
      id: forms.ummeldung,
      provider: {
        id: providers.stadtwerke,
        name: 'Stadtwerke Müllheim',
        category: 'utility',
        verified: true,
        logo_url: `/api/providers/${providers.stadtwerke}/logo`,
      },
      title: 'Ummeldung der Wohnung',
      description: 'Für den Umzug nach Müllheim',
      // In the order of the fixed list, not as published.
      use_cases: ['moving_house', 'housing'],
      version: 1,
      public: false,
      updated_at: expect.any(String),
      unpublished_at: null,
    });
    const logo = await t.app.inject({
      url: ummeldung?.provider.logo_url ?? '',
      headers: { cookie: me.cookie },
    });
    expect(logo.statusCode).toBe(200);
    expect(page.items.find((item) => item.id === forms.konto)?.provider.logo_url).toBeNull();
  });

  it('searches titles and descriptions, in any case and with or without accents', async () => {
    expect(await titlesMatching('zahlerstand')).toEqual(['Zählerstand melden']);
    expect(await titlesMatching('ZÄHLER')).toEqual(['Zählerstand melden']);
    expect(await titlesMatching('mullheim')).toEqual(['Ummeldung der Wohnung']);
    expect(await titlesMatching('MÜLLHEIM')).toEqual(['Ummeldung der Wohnung']);
    expect(await titlesMatching('reclamation')).toEqual(['schadensmeldung']);
    expect(await titlesMatching('kontoeroffnung')).toEqual(['Kontoeröffnung']);
    expect(await titlesMatching('SCHADEN')).toEqual(['schadensmeldung']);
    // Every word must be found, in the title or the description.
    expect(await titlesMatching('gas zähler')).toEqual(['Zählerstand melden']);
    expect(await titlesMatching('gas konto')).toEqual([]);
    // Words only: punctuation is neither searched for nor a wildcard.
    expect(await titlesMatching('100%')).toEqual(['Zählerstand melden']);
    expect(await titlesMatching('withdrawn')).toEqual([]);
  });

  it('filters by use case and by provider, and combines both with a search', async () => {
    expect(await titlesFound('use_case=banking')).toEqual(['Kontoeröffnung']);
    expect(await titlesFound('use_case=moving_house')).toEqual(['Ummeldung der Wohnung']);
    expect(await titlesFound('use_case=insurance_claim')).toEqual(['schadensmeldung']);
    expect(await titlesFound('use_case=family')).toEqual([]);
    expect(await titlesFound(`provider_id=${providers.stadtwerke}`)).toEqual([
      'Ummeldung der Wohnung',
      'Zählerstand melden',
    ]);
    expect(await titlesFound(`provider_id=${providers.nordbank}&use_case=banking&q=giro`)).toEqual([
      'Kontoeröffnung',
    ]);
    expect(await titlesFound(`provider_id=${providers.withdrawn}`)).toEqual([]);
    const unknown = await t.app.inject({
      url: '/api/forms?use_case=gardening',
      headers: { cookie: me.cookie },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('pages through the catalogue with a cursor, each form once', async () => {
    const all = (await search('limit=100')).items.map((item) => item.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: FormCataloguePage = await search(
        `limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(5);
    expect(seen).toEqual(all);
    // A page that ends on the longest title goes on after it.
    const toLong = await search('limit=11');
    expect(titlesOf(toLong.items).at(-1)).toBe(LONG_TITLE);
    const afterLong = await search(`limit=1&cursor=${toLong.next_cursor ?? ''}`);
    expect(titlesOf(afterLong.items)).toEqual(['Kontoeröffnung']);
    const searched = await search('q=antrag&limit=4');
    const next = await search(`q=antrag&limit=4&cursor=${searched.next_cursor ?? ''}`);
    expect(titlesOf(next.items)).toEqual(['Antrag 05', 'Antrag 06', 'Antrag 07', 'Antrag 08']);
    const broken = await t.app.inject({
      url: '/api/forms?cursor=not-a-cursor',
      headers: { cookie: me.cookie },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('VALIDATION_FAILED');
  });

  it('starts with the forms of the providers that wrote last, at most twelve', async () => {
    const start = await get<FormStart>(`/api/forms/start?account_id=${personalAccountOf(me)}`);
    // Stadtwerke wrote last; the silent and the withdrawn provider have nothing to offer.
    expect(titlesOf(start.recent)).toEqual([
      'Ummeldung der Wohnung',
      'Zählerstand melden',
      ...ANTRAG_TITLES.slice(0, 10),
    ]);
    expect(start.drafts).toEqual([]);

    const draftOf = async (formId: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/form-drafts',
        headers: me.headers,
        payload: { account_id: sharedAccountId, form_id: formId, form_version: 1 },
      });
      expect(response.statusCode).toBe(201);
      return response.json().id;
    };
    const first = await draftOf(forms.konto);
    t.clock.advanceSeconds(5);
    const second = await draftOf(forms.zaehler);
    const shared = await get<FormStart>(`/api/forms/start?account_id=${sharedAccountId}`);
    expect(titlesOf(shared.recent)).toEqual(['Ummeldung der Wohnung', 'Zählerstand melden']);
    expect(shared.drafts.map((draft) => draft.id)).toEqual([second, first]);
    expect(shared.drafts[0]).toMatchObject({
      form: { id: forms.zaehler, title: 'Zählerstand melden' },
      form_version: 1,
      answered: 0,
      field_count: 4,
    });

    const strangers = await get<FormStart>(
      `/api/forms/start?account_id=${personalAccountOf(stranger)}`,
      stranger,
    );
    expect(strangers).toEqual({ recent: [], drafts: [] });
    const foreign = await t.app.inject({
      url: `/api/forms/start?account_id=${sharedAccountId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists providers with published forms by name, with how many', async () => {
    const list = await get<FormProviderList>('/api/forms/providers');
    expect(list.items.map((item) => [item.name, item.form_count])).toEqual([
      ['Nordbank', 13],
      ['Stadtwerke Müllheim', 2],
    ]);
    expect(list.items[1]?.logo_url).toBe(`/api/providers/${providers.stadtwerke}/logo`);
  });

  it("shows a provider's page with its forms and the caller's letters from it", async () => {
    const page = await get<{
      provider: { name: string };
      letter_count: number;
      forms: FormSummary[];
    }>(`/api/forms/providers/${providers.stadtwerke}`);
    expect(page.provider.name).toBe('Stadtwerke Müllheim');
    // One in the personal account, one in the shared one.
    expect(page.letter_count).toBe(2);
    expect(titlesOf(page.forms)).toEqual(['Ummeldung der Wohnung', 'Zählerstand melden']);
    const strangers = await get<{ letter_count: number }>(
      `/api/forms/providers/${providers.stadtwerke}`,
      stranger,
    );
    expect(strangers.letter_count).toBe(0);
    for (const id of [providers.silent, providers.withdrawn, 'no-such-provider']) {
      const response = await t.app.inject({
        url: `/api/forms/providers/${id}`,
        headers: { cookie: me.cookie },
      });
      expect({ id, status: response.statusCode }).toEqual({ id, status: 404 });
    }
  });

  it('lists every use case in the order of the fixed list, with its published forms', async () => {
    const list = await get<FormUseCaseList>('/api/forms/use-cases');
    expect(list.items).toEqual([
      { use_case: 'moving_house', form_count: 1 },
      { use_case: 'insurance_claim', form_count: 1 },
      { use_case: 'tax', form_count: 0 },
      { use_case: 'health', form_count: 0 },
      { use_case: 'work', form_count: 11 },
      { use_case: 'housing', form_count: 1 },
      { use_case: 'utilities', form_count: 1 },
      { use_case: 'banking', form_count: 1 },
      { use_case: 'family', form_count: 0 },
      { use_case: 'other', form_count: 0 },
    ]);
  });
});
