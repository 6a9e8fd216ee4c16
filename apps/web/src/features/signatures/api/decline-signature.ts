import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclineRequest } from '@kuvert/shared/signatures';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateSignatures } from './invalidate-signatures.ts';
import { signaturePath } from './sign-letter.ts';

interface DeclineSignatureInput extends DeclineRequest {
  letterId: string;
}

/** Declines to sign, with a reason the provider and the other signers are told. */
export function declineSignature({ letterId, ...body }: DeclineSignatureInput): Promise<void> {
  return apiRequest(`${signaturePath(letterId)}/decline`, { method: 'POST', body });
}

export function useDeclineSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineSignature,
    onSuccess: () => invalidateSignatures(queryClient),
  });
}
