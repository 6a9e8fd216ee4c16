import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './environment.ts';

const TUS_PATH = '/api/uploads/tus';
/** Smaller than the portal's 8 MiB, so a test file goes up in several PATCHes all the same. */
const TEST_CHUNK_BYTES = 256 * 1024;

export interface TestFile {
  name: string;
  mimeType?: string;
  buffer: Buffer | Uint8Array;
}

/** What the logged-in page holds: its session cookie goes with `page.request`. */
async function sessionOf(page: Page): Promise<{ csrfToken: string; accountId: string }> {
  const stored = await page.evaluate(() => ({
    csrfToken: localStorage.getItem('kuvert.csrfToken'),
    accountId: localStorage.getItem('kuvert.selectedAccount'),
  }));
  if (stored.csrfToken === null || stored.accountId === null) {
    throw new Error('log in first: no CSRF token or selected mailbox in the page');
  }
  return { csrfToken: stored.csrfToken, accountId: stored.accountId };
}

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/**
 * Uploads a file the way the portal does, through tus 1.0.0 with the page's session: a
 * creation POST (Upload-Length, Upload-Metadata), then PATCHes of the bytes. Answers the
 * upload's id once the server has stored it.
 */
export async function uploadThroughTus(
  page: Page,
  file: TestFile,
  accountId?: string,
): Promise<string> {
  const session = await sessionOf(page);
  const bytes = Buffer.from(file.buffer);
  const metadata = [
    `filename ${base64(file.name)}`,
    `account_id ${base64(accountId ?? session.accountId)}`,
    ...(file.mimeType ? [`filetype ${base64(file.mimeType)}`] : []),
  ].join(',');
  const headers = { 'tus-resumable': '1.0.0', 'x-csrf-token': session.csrfToken };
  const created = await page.request.post(`${E2E_BASE_URL}${TUS_PATH}`, {
    headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': metadata },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers()['location'] ?? '';
  const uploadId = location.split('/').pop() ?? '';
  expect(uploadId).not.toBe('');

  let offset = 0;
  do {
    const chunk = bytes.subarray(offset, offset + TEST_CHUNK_BYTES);
    const patched = await page.request.patch(`${E2E_BASE_URL}${TUS_PATH}/${uploadId}`, {
      headers: {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      data: chunk,
    });
    expect(patched.status(), await patched.text()).toBe(204);
    offset = Number(patched.headers()['upload-offset']);
  } while (offset < bytes.length);
  return uploadId;
}

export interface UploadListItem {
  id: string;
  name: string;
  content_type: string;
  size: number;
  trashed_at: string | null;
}

/** The mailbox's uploads as GET /api/uploads lists them (newest first; not the trash). */
export async function listUploads(page: Page, name?: string): Promise<UploadListItem[]> {
  const { accountId } = await sessionOf(page);
  const query = new URLSearchParams({ account_id: accountId, limit: '100' });
  if (name !== undefined) query.set('name', name);
  const response = await page.request.get(`${E2E_BASE_URL}/api/uploads?${query.toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  const body: { uploads: UploadListItem[] } = await response.json();
  return body.uploads;
}

/** Moves uploads to the trash through the API, as the uploads page's selection does. */
export async function trashUploads(page: Page, uploadIds: string[]): Promise<void> {
  const { csrfToken, accountId } = await sessionOf(page);
  const response = await page.request.post(`${E2E_BASE_URL}/api/uploads/trash`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { account_id: accountId, ids: uploadIds },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}
