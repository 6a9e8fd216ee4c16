import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormSummary } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiPath } from '../../../lib/api-client.ts';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { FormUseCasesView } from './form-use-cases-view.tsx';
import { FormsStartView } from './forms-start-view.tsx';
import { matchesName } from './match-name.ts';
import { formSummary, json, renderAt, signIn } from './test-fixtures.tsx';

const catalogue: FormSummary[] = [
  formSummary(),
  formSummary({
    id: 'f2',
    title: 'Claim for water damage',
    description: 'Report a burst pipe.',
    use_cases: ['insurance_claim', 'housing'],
  }),
];
const requests: string[] = [];
const cataloguePath = apiPath(formEndpoints.catalogue);
/** The catalogue asked with a query, e.g. a search, rather than in full. */
const isCatalogueQuery = (request: string) => request.startsWith(`${cataloguePath}?`);

/** The catalogue routes, searched and filtered like the server. */
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://localhost');
  requests.push(`${url.pathname}${url.search}`);
  if (url.pathname === apiPath(formEndpoints.start)) return json({ recent: [], drafts: [] });
  if (url.pathname === apiPath(formEndpoints.useCases)) {
    return json({
      items: [
        { use_case: 'moving_house', form_count: 1 },
        { use_case: 'insurance_claim', form_count: 1 },
        { use_case: 'housing', form_count: 1 },
      ],
    });
  }
  if (url.pathname === cataloguePath) {
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    const useCase = url.searchParams.get('use_case');
    const items = catalogue.filter(
      (form) =>
        `${form.title} ${form.description}`.toLowerCase().includes(q) &&
        (useCase === null || form.use_cases.some((candidate) => candidate === useCase)),
    );
    return json({ items, next_cursor: null });
  }
  return json({ code: 'NOT_FOUND', message: 'no' }, 404);
});

describe('finding forms', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  beforeEach(() => {
    signIn();
    requests.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    // jsdom lays nothing out; the chosen use case's forms are scrolled to in a browser.
    Element.prototype.scrollIntoView = vi.fn<Element['scrollIntoView']>();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches titles and descriptions once typing pauses, and keeps the search in the URL', async () => {
    renderAt('/forms', '/forms', <FormsStartView />);
    expect(await screen.findByText('No forms from your providers yet')).toBeTruthy();
    const field = screen.getByRole('searchbox', { name: 'Search all forms' });
    fireEvent.change(field, { target: { value: 'b' } });
    fireEvent.change(field, { target: { value: 'bur' } });
    fireEvent.change(field, { target: { value: 'burst' } });
    const results = await screen.findByRole('list', { name: 'Search results' }, { timeout: 3000 });
    const card = within(results).getByRole('article', { name: 'Claim for water damage' });
    expect(card.textContent).toContain('Insurance claim');
    expect(card.textContent).toContain('Housing');
    expect(
      within(card)
        .getByRole('link', { name: 'Fill out: Claim for water damage' })
        .getAttribute('href'),
    ).toBe('/forms/my/p1/f2/add');
    // One request for the word typed, none for each keystroke.
    expect(requests.filter(isCatalogueQuery)).toEqual([
      apiPath(formEndpoints.catalogue, { query: { q: 'burst' } }),
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/forms?q=burst');
  });

  it('says what to try when nothing matches', async () => {
    renderAt('/forms?q=zebra', '/forms', <FormsStartView />);
    expect(await screen.findByText(/No form matches “zebra”. Try another word/u)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('zebra');
  });

  it("shows the chosen use case's forms, named in the URL", async () => {
    renderAt(
      '/forms/search/by-usecase?use_case=insurance_claim',
      '/forms/search/by-usecase',
      <FormUseCasesView />,
    );
    const useCases = screen.getByRole('navigation', { name: 'Use cases' });
    const chosen = within(useCases).getByRole('link', { current: true });
    expect(chosen.textContent).toContain('Insurance claim');
    await waitFor(() => expect(chosen.textContent).toContain('1 form'));
    expect(within(useCases).getByRole('link', { name: /Tax/u }).textContent).toContain('0 forms');
    const forms = await screen.findByRole('list', { name: 'Forms for: Insurance claim' });
    expect(within(forms).getAllByRole('article')).toHaveLength(1);
    expect(within(forms).getByRole('article', { name: 'Claim for water damage' })).toBeTruthy();
    expect(requests).toContain(
      apiPath(formEndpoints.catalogue, { query: { use_case: 'insurance_claim' } }),
    );

    fireEvent.click(within(useCases).getByRole('link', { name: /Moving house/u }));
    expect(await screen.findByRole('list', { name: 'Forms for: Moving house' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(
      '/forms/search/by-usecase?use_case=moving_house',
    );
  });

  it('asks to choose when the URL names no use case, or one that does not exist', async () => {
    renderAt(
      '/forms/search/by-usecase?use_case=nonsense',
      '/forms/search/by-usecase',
      <FormUseCasesView />,
    );
    expect(await screen.findByText('Choose a use case above to see its forms.')).toBeTruthy();
    expect(requests.some(isCatalogueQuery)).toBe(false);
  });
});

describe('filtering providers by name', () => {
  it('ignores case and accents and takes the words in any order', () => {
    expect(matchesName('Stadtwerke München', 'munchen')).toBe(true);
    expect(matchesName('Stadtwerke München', 'MÜNCHEN stadt')).toBe(true);
    expect(matchesName('Straßenbau Köln', 'strassenbau')).toBe(true);
    expect(matchesName('Københavns Kommune', 'kobenhavns')).toBe(true);
    expect(matchesName('Københavns Kommune', 'KØBENHAVNS')).toBe(true);
    expect(matchesName('Bærum kommune', 'baerum')).toBe(true);
    expect(matchesName('Skatteverket Malmö', 'malmo')).toBe(true);
    expect(matchesName('Trondheim Energi Ålesund', 'alesund')).toBe(true);
    expect(matchesName('Stadtwerke München', 'kiel')).toBe(false);
    expect(matchesName('Anything', '   ')).toBe(true);
  });
});
