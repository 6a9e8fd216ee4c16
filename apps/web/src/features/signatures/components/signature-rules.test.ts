// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LetterSignature, LetterSigner } from '@kuvert/shared/signatures';
import { declinedBy, signatureStanding } from './signature-rules.ts';

function signer(overrides: Partial<LetterSigner>): LetterSigner {
  return {
    id: 's1',
    name: 'Zoë Mustermann',
    email: 'zoe@example.com',
    status: 'pending',
    method: null,
    signed_at: null,
    declined_at: null,
    declined_reason: null,
    is_me: false,
    is_this_letter: false,
    identity_requirement: null,
    verified_identity: null,
    ...overrides,
  };
}

function request(overrides: Partial<LetterSignature>): LetterSignature {
  return {
    request_id: 'r1',
    status: 'pending',
    due_date: '2026-12-01',
    is_overdue: false,
    completed_at: null,
    declined_at: null,
    expired_at: null,
    cancelled_at: null,
    seal_status: null,
    sealed_document_id: null,
    signers: [],
    my_status: null,
    can_sign: false,
    cannot_sign_reason: null,
    needs_verified_identity: false,
    ...overrides,
  };
}

describe('where a signature request stands for the one looking at it', () => {
  it('waits for me, for the others after I signed, or for others only', () => {
    expect(signatureStanding(request({ my_status: 'pending' }))).toBe('waitingForYou');
    expect(signatureStanding(request({ my_status: 'signed' }))).toBe('waitingForOthersAfterYou');
    expect(signatureStanding(request({ my_status: null }))).toBe('waitingForOthers');
  });

  it('is expired once past its due date, before the expiry job marked it', () => {
    expect(signatureStanding(request({ is_overdue: true, my_status: 'pending' }))).toBe('expired');
    expect(signatureStanding(request({ status: 'expired' }))).toBe('expired');
  });

  it('names the signer who declined', () => {
    const declined = request({
      status: 'declined',
      signers: [
        signer({ status: 'signed' }),
        signer({ id: 's2', status: 'declined', name: 'Ana' }),
      ],
    });
    expect(signatureStanding(declined)).toBe('declined');
    expect(declinedBy(declined)?.name).toBe('Ana');
  });
});
