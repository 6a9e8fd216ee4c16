import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, noAnswer, withAnswer } from '@kuvert/shared/api';
import { apiCall, apiPath } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();

/** Endpoints made up here; the real ones are checked against the server's routes. */
const itemEndpoint = endpoint({
  method: 'GET',
  path: '/api/boxes/:boxId/items/:itemId',
  answer: { parse: (value: unknown) => ({ read: value }) },
});
const renameEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/boxes/:boxId',
  body: z.object({ name: z.string() }),
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiPath', () => {
  it('fills in each path parameter, URI-encoded', () => {
    expect(apiPath(itemEndpoint, { params: { boxId: 'a/b', itemId: 'c d' } })).toBe(
      '/api/boxes/a%2Fb/items/c%20d',
    );
  });

  it('adds the query in order, leaving out what is undefined and an empty query', () => {
    const params = { boxId: '1', itemId: '2' };
    expect(apiPath(itemEndpoint, { params, query: { b: 'x y', a: undefined, c: 3 } })).toBe(
      '/api/boxes/1/items/2?b=x+y&c=3',
    );
    expect(apiPath(itemEndpoint, { params, query: new URLSearchParams() })).toBe(
      '/api/boxes/1/items/2',
    );
    expect(apiPath(itemEndpoint, { params, query: 'view=inbox' })).toBe(
      '/api/boxes/1/items/2?view=inbox',
    );
  });
});

describe('apiCall', () => {
  it("uses the endpoint's method and reads the answer with its schema", async () => {
    fetchMock.mockResolvedValue(new Response('{"n":1}', { status: 200 }));
    const answer = await apiCall(itemEndpoint, { params: { boxId: '1', itemId: '2' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/boxes/1/items/2');
    expect(init?.method).toBe('GET');
    expect(answer).toEqual({ read: { n: 1 } });
  });

  it('sends the body as JSON; an answer it does not read is not read', async () => {
    fetchMock.mockResolvedValue(new Response('{"ignored":true}', { status: 200 }));
    const answer = await apiCall(withAnswer(renameEndpoint, noAnswer), {
      params: { boxId: '1' },
      body: { name: 'New' },
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/boxes/1');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"name":"New"}');
    expect(answer).toBeUndefined();
  });
});
