// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { VerifiedSignature, VerifyDocumentResult } from '@kuvert/shared/signatures';
import { verdictOf } from './verdict.ts';

function signature(overrides: Partial<VerifiedSignature>): VerifiedSignature {
  return {
    state: 'valid',
    signed_by: 'Someone',
    organisation: null,
    signed_at: '2026-11-23T10:00:00.000Z',
    is_kuvert_seal: false,
    change: null,
    request: null,
    ...overrides,
  };
}

function result(
  outcome: VerifyDocumentResult['outcome'],
  signatures: VerifiedSignature[],
): VerifyDocumentResult {
  return { filename: 'a.pdf', sha256: 'ab', outcome, signatures };
}

describe('verdictOf', () => {
  it('calls a document sealed by Kuvert only when it is intact and Kuvert sealed it', () => {
    expect(verdictOf(result('valid', [signature({ is_kuvert_seal: true })]))).toBe(
      'sealedUnchanged',
    );
    expect(verdictOf(result('valid', [signature({})]))).toBe('signedUnchanged');
    expect(
      verdictOf(result('changed', [signature({ state: 'changed', is_kuvert_seal: true })])),
    ).toBe('changed');
    expect(verdictOf(result('invalid', [signature({ state: 'invalid' })]))).toBe('invalid');
    expect(verdictOf(result('unsigned', []))).toBe('unsigned');
  });
});
