import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/*
 * The `{data}` of `/verify/id_process_id/{data}`: `<process id>~<mac>`, an HMAC-SHA256 over the
 * process id, so a return leg names only processes Kuvert started. Everything else about the
 * process (state, nonce, PKCE verifier, owner, expiry) stays in the database. The MAC key is
 * derived (HKDF) from the seal's private key under a label of its own, as the form upload
 * tokens' is: a secret every instance of a deployment already shares. The separator is `~`, not
 * `.`: a last path segment with a dot reads as a file name, which the web app's server does not
 * answer with the app.
 */

const LABEL = 'kuvert identity process id v1';
const keys = new WeakMap<object, Buffer>();

function macKey(app: Pick<FastifyInstance, 'seal'>): Buffer {
  let key = keys.get(app.seal);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', app.seal.key.privateKeyPem, '', LABEL, 32));
    keys.set(app.seal, key);
  }
  return key;
}

const macOf = (app: Pick<FastifyInstance, 'seal'>, processId: string) =>
  createHmac('sha256', macKey(app)).update(`identity-process.${processId}`).digest();

export function signProcessId(app: Pick<FastifyInstance, 'seal'>, processId: string): string {
  return `${processId}~${macOf(app, processId).toString('base64url')}`;
}

/** The process id `data` carries, or undefined when Kuvert did not sign it. */
export function readSignedProcessId(
  app: Pick<FastifyInstance, 'seal'>,
  data: string,
): string | undefined {
  const [processId, mac, ...rest] = data.split('~');
  if (!processId || !mac || rest.length > 0 || !/^[A-Za-z0-9_-]{1,64}$/.test(processId)) {
    return undefined;
  }
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(app, processId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return processId;
}
