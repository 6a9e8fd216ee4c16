import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclineRequest } from '@kuvert/shared/signatures';
import { signatureEndpoints } from '@kuvert/shared/signatures/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateSignatures } from './invalidate-signatures.ts';

interface DeclineSignatureInput extends DeclineRequest {
  letterId: string;
}

/** Declines to sign, with a reason the provider and the other signers are told. */
export function declineSignature({ letterId, ...body }: DeclineSignatureInput): Promise<void> {
  return apiCall(signatureEndpoints.decline, { params: { id: letterId }, body });
}

export function useDeclineSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineSignature,
    onSuccess: () => invalidateSignatures(queryClient),
  });
}
