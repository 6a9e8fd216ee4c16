import { argon2, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assertPasswordStrongEnough, hashPassword, verifyPassword } from './passwords.ts';

/** PHC strings use standard base64 without padding. */
function base64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

/** An argon2id PHC string made here, with `cost` and lengths of our choosing. */
async function phcHash(
  password: string,
  cost: { memory: number; passes: number; parallelism: number },
  saltLength: number,
  tagLength: number,
): Promise<string> {
  const nonce = randomBytes(saltLength);
  const tag = await new Promise<Buffer>((resolve, reject) => {
    argon2('argon2id', { ...cost, message: password, nonce, tagLength }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
  const { memory, passes, parallelism } = cost;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${base64(nonce)}$${base64(tag)}`;
}

describe('passwords', () => {
  it('stores argon2id in PHC format with a fresh salt each time', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse battery staple', first)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', first)).toBe(false);
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
  });

  it('verifies a hash made with other parameters by those parameters', async () => {
    // Hashes stored before the defaults were raised (or by another tool) must still log in:
    // other memory, passes, lanes, salt and tag lengths, as the PHC string records them.
    const password = 'correct horse battery staple';
    const older = await phcHash(password, { memory: 8192, passes: 3, parallelism: 2 }, 8, 16);
    expect(older).toMatch(/^\$argon2id\$v=19\$m=8192,t=3,p=2\$/);
    expect(await verifyPassword(password, older)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', older)).toBe(false);
  });

  it('refuses a hash whose parameters were changed after it was made', async () => {
    const hash = (await hashPassword('x')).replace('m=19456,t=2', 'm=8192,t=3');
    expect(await verifyPassword('x', hash)).toBe(false);
  });

  it('rejects passwords that are the e-mail address or among the most common', () => {
    expect(() => assertPasswordStrongEnough('Ada@Example.com', 'ada@example.com')).toThrow(
      expect.objectContaining({ code: 'PASSWORD_TOO_WEAK' }),
    );
    expect(() => assertPasswordStrongEnough('ada.lovelace', 'ada.lovelace@example.com')).toThrow(
      /too weak/,
    );
    expect(() => assertPasswordStrongEnough('Password123', 'ada@example.com')).toThrow(/too weak/);
    expect(() => assertPasswordStrongEnough('zzzzzzzzzzzz', 'ada@example.com')).toThrow(/too weak/);
    expect(() =>
      assertPasswordStrongEnough('violet tractor sings', 'ada@example.com'),
    ).not.toThrow();
  });
});
