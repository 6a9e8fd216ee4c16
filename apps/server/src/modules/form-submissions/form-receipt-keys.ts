import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';

/*
 * The key that opens an anonymous visitor's receipt PDF (their answers) from the page that sent
 * it: `<expiry>.<mac>`, an HMAC-SHA256 over the submission id and the expiry. Kuvert keeps no
 * list of keys; only the browser that submitted holds one, for a day. The MAC key is derived
 * (HKDF) from the seal's private key under a label of its own, as the upload tokens' is.
 */

const LABEL = 'kuvert form receipt key v1';
export const RECEIPT_KEY_TTL_SECONDS = 24 * 60 * 60;
const keys = new WeakMap<object, Buffer>();

function macKey(app: Pick<FastifyInstance, 'seal'>): Buffer {
  let key = keys.get(app.seal);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', app.seal.key.privateKeyPem, '', LABEL, 32));
    keys.set(app.seal, key);
  }
  return key;
}

const macOf = (app: Pick<FastifyInstance, 'seal'>, submissionId: string, expires: string) =>
  createHmac('sha256', macKey(app)).update(`${submissionId}.${expires}`).digest();

export function issueReceiptKey(
  app: Pick<FastifyInstance, 'seal' | 'clock'>,
  submissionId: string,
): string {
  const expiresAt = addSeconds(app.clock.now(), RECEIPT_KEY_TTL_SECONDS);
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  return `${expires}.${macOf(app, submissionId, expires).toString('base64url')}`;
}

/** True when the key was issued for this submission and has not expired. */
export function isReceiptKeyValid(
  app: Pick<FastifyInstance, 'seal' | 'clock'>,
  submissionId: string,
  key: string,
): boolean {
  const [expires, mac, ...rest] = key.split('.');
  if (!expires || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expires)) return false;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(app, submissionId, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number(expires) * 1000 > app.clock.now().getTime();
}
