import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CaseFile, CaseFileItem, CaseFileTimeline } from '@kuvert/shared/case-files';
import type { LoggedIn } from './factories.ts';

/** Case-file requests of one logged-in user, for tests; each answers the raw response. */
export function caseFileClient(app: FastifyInstance, user: LoggedIn) {
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: method === 'GET' ? { cookie: user.cookie } : user.headers,
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    send,
    createFile: (accountId: string, fields: Record<string, unknown>) =>
      send('POST', '/api/case-files', { account_id: accountId, ...fields }),
    list: (query: string) => send('GET', `/api/case-files?${query}`),
    getFile: (fileId: string) => send('GET', `/api/case-files/${fileId}`),
    patchFile: (fileId: string, fields: Record<string, unknown>) =>
      send('PATCH', `/api/case-files/${fileId}`, fields),
    createItem: (fileId: string, fields: Record<string, unknown>) =>
      send('POST', `/api/case-files/${fileId}/items`, fields),
    getItem: (fileId: string, itemId: string) =>
      send('GET', `/api/case-files/${fileId}/items/${itemId}`),
    patchItem: (fileId: string, itemId: string, fields: Record<string, unknown>) =>
      send('PATCH', `/api/case-files/${fileId}/items/${itemId}`, fields),
    timeline: (fileId: string, query = '') =>
      send('GET', `/api/case-files/${fileId}/items?${query}`),
    add: (fileId: string, body: Record<string, unknown>) =>
      send('POST', `/api/case-files/${fileId}/add`, body),
    ofLetter: (letterId: string) => send('GET', `/api/case-files/of-letter/${letterId}`),
  };
}

export type CaseFileClient = ReturnType<typeof caseFileClient>;

/** The body of a response that must have succeeded; fails the test with the answer otherwise. */
export function okBody<T>(response: LightMyRequestResponse, status = 200): T {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/** Creates a file; answers it. */
export async function createTestCaseFile(
  client: CaseFileClient,
  accountId: string,
  title: string,
  fields: Record<string, unknown> = {},
): Promise<CaseFile> {
  return okBody<CaseFile>(await client.createFile(accountId, { title, ...fields }), 201);
}

export async function createTestItem(
  client: CaseFileClient,
  fileId: string,
  fields: Record<string, unknown>,
): Promise<CaseFileItem> {
  return okBody<CaseFileItem>(await client.createItem(fileId, fields), 201);
}

/** Every item of the timeline, page by page (`limit` each), as [date, title]. */
export async function wholeTimeline(
  client: CaseFileClient,
  fileId: string,
  limit = 2,
): Promise<Array<[string, string]>> {
  const seen: Array<[string, string]> = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page: CaseFileTimeline = okBody(await client.timeline(fileId, query));
    seen.push(...page.items.map((item): [string, string] => [item.date, item.title]));
    cursor = page.next_cursor;
  } while (cursor);
  return seen;
}

export async function fileOf(client: CaseFileClient, fileId: string): Promise<CaseFile> {
  return okBody<CaseFile>(await client.getFile(fileId));
}
