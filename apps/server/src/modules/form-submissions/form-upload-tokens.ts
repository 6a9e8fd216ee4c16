import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FORM_TOKEN_TTL_SECONDS } from '@kuvert/shared/forms';
import { addSeconds } from '../../clock.ts';
import { AppError } from '../../plugins/app-error.ts';

/*
 * An anonymous visitor's upload token: `<random>.<expiry>.<mac>`, scoped to one form. Kuvert
 * keeps no list of tokens: the MAC (HMAC-SHA256 over form, expiry and random part) shows that
 * Kuvert issued it for this form and until when, and only its SHA-256 is stored, on the files
 * sent with it (form_files.token_hash), so whoever holds the token, and nobody else, may
 * attach them. The MAC key is derived (HKDF) from the seal's private key: a secret every
 * instance of a deployment already shares, used here under a label of its own.
 */

const LABEL = 'kuvert form upload token v1';
const keys = new WeakMap<object, Buffer>();

function macKey(app: Pick<FastifyInstance, 'seal'>): Buffer {
  let key = keys.get(app.seal);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', app.seal.key.privateKeyPem, '', LABEL, 32));
    keys.set(app.seal, key);
  }
  return key;
}

function macOf(
  app: Pick<FastifyInstance, 'seal'>,
  formId: string,
  random: string,
  expires: string,
) {
  return createHmac('sha256', macKey(app)).update(`${formId}.${random}.${expires}`).digest();
}

/** What the files of a token are stored with. */
export function hashUploadToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function issueUploadToken(
  app: Pick<FastifyInstance, 'seal' | 'clock'>,
  formId: string,
): { token: string; expiresAt: Date } {
  const expiresAt = addSeconds(app.clock.now(), FORM_TOKEN_TTL_SECONDS);
  const random = randomBytes(24).toString('base64url');
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  const mac = macOf(app, formId, random, expires).toString('base64url');
  return { token: `${random}.${expires}.${mac}`, expiresAt };
}

function refused(): AppError {
  return new AppError('TOKEN_INVALID', {
    message: 'The upload token is missing, not for this form or expired: ask for a new one.',
  });
}

/** The token's hash and expiry; TOKEN_INVALID (400) when it is not a live token of this form. */
export function verifyUploadToken(
  app: Pick<FastifyInstance, 'seal' | 'clock'>,
  formId: string,
  token: string | undefined,
): { tokenHash: string; expiresAt: Date } {
  const [random, expires, mac, ...rest] = (token ?? '').split('.');
  if (!random || !expires || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expires)) {
    throw refused();
  }
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(app, formId, random, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= app.clock.now().getTime()) throw refused();
  return { tokenHash: hashUploadToken(token ?? ''), expiresAt };
}
