import type { VerifyDocumentResult } from '@kuvert/shared/signatures';

export type VerdictKind =
  'sealedUnchanged' | 'signedUnchanged' | 'changed' | 'invalid' | 'unsigned';

/**
 * The one sentence the page leads with. A document counts as sealed by Kuvert only when
 * every signature is intact and one of them is this Kuvert's seal.
 */
export function verdictOf(result: VerifyDocumentResult): VerdictKind {
  switch (result.outcome) {
    case 'unsigned':
      return 'unsigned';
    case 'changed':
      return 'changed';
    case 'invalid':
      return 'invalid';
    case 'valid':
      return result.signatures.some((signature) => signature.is_kuvert_seal)
        ? 'sealedUnchanged'
        : 'signedUnchanged';
  }
}

export const verdictColors: Record<VerdictKind, string> = {
  sealedUnchanged: 'teal',
  signedUnchanged: 'blue',
  changed: 'red',
  invalid: 'red',
  unsigned: 'gray',
};
