import { describe, expect, it } from 'vitest';
import { assertPasswordStrongEnough, hashPassword, verifyPassword } from './passwords.ts';

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

  it('verifies with the parameters stored in the hash', async () => {
    // Generated with m=8192,t=3,p=1: raising the defaults later must not lock anybody out.
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
