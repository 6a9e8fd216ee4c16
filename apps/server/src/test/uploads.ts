import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { UPLOADS_TUS_PATH, type UploadPurpose } from '@kuvert/shared/uploads';
import type { LoggedIn } from './factories.ts';

/** `Upload-Metadata` of the portal: base64 pairs. */
export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export const TUS = { 'tus-resumable': '1.0.0' };

export async function createTusUpload(
  app: FastifyInstance,
  user: LoggedIn,
  input: { accountId: string; name: string; length: number; purpose?: UploadPurpose },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: UPLOADS_TUS_PATH,
    headers: {
      ...user.headers,
      ...TUS,
      'upload-length': String(input.length),
      'upload-metadata': tusMetadata({
        filename: input.name,
        account_id: input.accountId,
        ...(input.purpose === undefined ? {} : { purpose: input.purpose }),
      }),
    },
  });
}

/** The id at the end of a creation's Location. */
export function uploadIdOf(response: LightMyRequestResponse): string {
  const location = String(response.headers.location ?? '');
  const id = location.split('/').pop();
  if (response.statusCode !== 201 || !id) {
    throw new Error(`upload not created: ${response.statusCode} ${response.body}`);
  }
  return id;
}

export async function patchUpload(
  app: FastifyInstance,
  user: LoggedIn,
  id: string,
  offset: number,
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PATCH',
    url: `${UPLOADS_TUS_PATH}/${id}`,
    headers: {
      ...user.headers,
      ...TUS,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    payload: bytes,
  });
}

export async function headUpload(
  app: FastifyInstance,
  user: LoggedIn,
  id: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'HEAD',
    url: `${UPLOADS_TUS_PATH}/${id}`,
    headers: { cookie: user.cookie, ...TUS },
  });
}

/** Uploads a whole file in pieces of `chunkBytes`; answers the last PATCH's response and the id. */
export async function uploadFile(
  app: FastifyInstance,
  user: LoggedIn,
  input: {
    accountId: string;
    name: string;
    bytes: Buffer;
    chunkBytes?: number;
    purpose?: UploadPurpose;
  },
): Promise<{ id: string; response: LightMyRequestResponse }> {
  const created = await createTusUpload(app, user, { ...input, length: input.bytes.length });
  const id = uploadIdOf(created);
  const chunk = input.chunkBytes ?? input.bytes.length;
  let offset = 0;
  for (;;) {
    const piece = input.bytes.subarray(offset, offset + chunk);
    const response = await patchUpload(app, user, id, offset, piece);
    offset += piece.length;
    if (response.statusCode !== 204 || offset >= input.bytes.length) return { id, response };
  }
}

/** A stored upload's id; throws with the answer when it was refused. */
export async function storeUpload(
  app: FastifyInstance,
  user: LoggedIn,
  input: { accountId: string; name: string; bytes: Buffer; purpose?: UploadPurpose },
): Promise<string> {
  const { id, response } = await uploadFile(app, user, input);
  if (response.statusCode !== 204) {
    throw new Error(`upload refused: ${response.statusCode} ${response.body}`);
  }
  return id;
}

/** A small real PNG (1×1, grey). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==',
  'base64',
);
