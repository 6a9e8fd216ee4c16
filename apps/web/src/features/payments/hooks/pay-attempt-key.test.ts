import { afterEach, describe, expect, it } from 'vitest';
import { idempotencyKeySchema } from '@kuvert/shared/payments';
import { clearPayAttemptKey, getPayAttemptKey, newIdempotencyKey } from './pay-attempt-key.ts';

describe('pay attempt keys', () => {
  afterEach(() => sessionStorage.clear());

  it('makes keys the API accepts, a new one each time', () => {
    const key = newIdempotencyKey();
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('reuses the key of an attempt until it is cleared, across reloads of the tab', () => {
    const first = getPayAttemptKey('letter-1');
    expect(getPayAttemptKey('letter-1')).toBe(first);
    expect(sessionStorage.getItem('kuvert.payAttempt.letter-1')).toBe(first);
    clearPayAttemptKey('letter-1');
    expect(sessionStorage.getItem('kuvert.payAttempt.letter-1')).toBeNull();
    expect(getPayAttemptKey('letter-1')).not.toBe(first);
  });

  it('keeps one key per invoice', () => {
    const one = getPayAttemptKey('letter-1');
    const two = getPayAttemptKey('letter-2');
    expect(two).not.toBe(one);
    clearPayAttemptKey('letter-2');
    expect(getPayAttemptKey('letter-1')).toBe(one);
  });

  it('replaces a stored value the API would refuse', () => {
    sessionStorage.setItem('kuvert.payAttempt.letter-1', 'bad key!');
    const key = getPayAttemptKey('letter-1');
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });

  it('still works when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const key = getPayAttemptKey('letter-3', broken);
    expect(getPayAttemptKey('letter-3', broken)).toBe(key);
    clearPayAttemptKey('letter-3', broken);
    expect(getPayAttemptKey('letter-3', broken)).not.toBe(key);
  });
});
