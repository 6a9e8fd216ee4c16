import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { multipart } from './mailbox.ts';

/** Filling out forms in tests: the form file routes, and the PDF a submission became. */

/** The text of a PDF as poppler's pdftotext reads it (one line per line, layout kept). */
export function pdfText(bytes: Uint8Array): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'kuvert-form-pdf-'));
  try {
    const file = path.join(folder, 'form.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A file part for the form file routes. */
export interface TestFile {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A visitor's upload token for the public form (from `remoteAddress`, if given). */
export async function issueUploadToken(
  app: FastifyInstance,
  formId: string,
  remoteAddress = '203.0.113.10',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/public/forms/${formId}/upload-token`,
    remoteAddress,
  });
  if (response.statusCode !== 201) {
    throw new Error(`no upload token: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ token: string }>().token;
}

/** POST /api/public/forms/{formId}/files with the token; `field` names the file field. */
export function postPublicFile(
  app: FastifyInstance,
  formId: string,
  token: string | undefined,
  file: TestFile,
  options: { field?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = multipart([{ name: 'file', ...file }]);
  const query = options.field ? `?field=${encodeURIComponent(options.field)}` : '';
  return app.inject({
    method: 'POST',
    url: `/api/public/forms/${formId}/files${query}`,
    remoteAddress: options.remoteAddress ?? '203.0.113.10',
    headers: {
      'content-type': body.contentType,
      ...(token === undefined ? {} : { 'kuvert-form-token': token }),
    },
    payload: body.payload,
  });
}

/** POST /api/forms/{formId}/files as a logged-in user, for `accountId`. */
export function postAccountFile(
  app: FastifyInstance,
  user: { headers: Record<string, string> },
  formId: string,
  accountId: string,
  file: TestFile,
  field?: string,
): Promise<LightMyRequestResponse> {
  const body = multipart([{ name: 'file', ...file }]);
  const query = `?account_id=${accountId}${field ? `&field=${encodeURIComponent(field)}` : ''}`;
  return app.inject({
    method: 'POST',
    url: `/api/forms/${formId}/files${query}`,
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}
