import { createHash } from 'node:crypto';
import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR } from './environment.ts';

/** The id of what a POST created. */
function idOf(body: Record<string, unknown>): string {
  expect(typeof body['id']).toBe('string');
  return String(body['id']);
}

/**
 * The portal's API with the logged-in page's session (its cookie goes with `page.request`),
 * for setting up what a journey starts from without clicking through other areas.
 */
export async function portalApi(page: Page) {
  const stored = await page.evaluate(() => ({
    csrfToken: localStorage.getItem('kuvert.csrfToken'),
    accountId: localStorage.getItem('kuvert.selectedAccount'),
  }));
  if (stored.csrfToken === null || stored.accountId === null) {
    throw new Error('log in first: no CSRF token or selected mailbox in the page');
  }
  const headers = { 'x-csrf-token': stored.csrfToken };
  const send = async (method: 'POST' | 'DELETE', route: string, data?: object) => {
    const response = await page.request.fetch(`${E2E_BASE_URL}${route}`, {
      method,
      headers,
      ...(data ? { data } : {}),
    });
    expect(response.status(), `${method} ${route}: ${await response.text()}`).toBeLessThan(300);
    if (response.status() === 204) return {};
    const body: Record<string, unknown> = await response.json();
    return body;
  };
  return {
    accountId: stored.accountId,
    send,
    createFolder: async (name: string) =>
      idOf(await send('POST', '/api/folders', { account_id: stored.accountId, name })),
    letters: (letterIds: string[], action: string, folderId?: string) =>
      send('POST', '/api/letters/bulk', {
        letter_ids: letterIds,
        action,
        ...(folderId ? { folder_id: folderId } : {}),
      }),
    createContact: async (contact: Record<string, string>) =>
      idOf(await send('POST', '/api/contacts', { account_id: stored.accountId, contact })),
    createCaseFile: async (title: string) =>
      idOf(await send('POST', '/api/case-files', { account_id: stored.accountId, title })),
    createCaseFileItem: async (fileId: string, title: string, date: string) =>
      idOf(await send('POST', `/api/case-files/${fileId}/items`, { title, date })),
  };
}

/** Where the server keeps a document with these bytes (content-addressed by SHA-256). */
function documentPath(bytes: Uint8Array): string {
  const key = createHash('sha256').update(bytes).digest('hex');
  return path.join(E2E_DATA_DIR, 'documents', key.slice(0, 2), key.slice(2, 4), key);
}

export function isDocumentStored(bytes: Uint8Array): boolean {
  return existsSync(documentPath(bytes));
}

/**
 * Makes a stored document look an hour old. The server spares files put in the last minutes
 * (a delivery of the same bytes may be about to refer to them); a journey is quicker than that.
 */
export function ageStoredDocument(bytes: Uint8Array): void {
  const anHourAgo = new Date(Date.now() - 3600_000);
  utimesSync(documentPath(bytes), anHourAgo, anHourAgo);
}
