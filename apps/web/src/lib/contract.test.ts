// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isKnownErrorCode } from './contract.ts';

describe('error codes of the contract', () => {
  it('recognises the codes the API answers with, and nothing else', () => {
    expect(isKnownErrorCode('TOKEN_INVALID')).toBe(true);
    expect(isKnownErrorCode('RECIPIENT_UNKNOWN')).toBe(true);
    expect(isKnownErrorCode('NOPE')).toBe(false);
  });
});
