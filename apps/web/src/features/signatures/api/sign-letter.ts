import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignRequest } from '@kuvert/shared/signatures';
import { signatureEndpoints } from '@kuvert/shared/signatures/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateSignatures } from './invalidate-signatures.ts';

interface SignLetterInput extends SignRequest {
  letterId: string;
}

/** Signs the letter's documents; the password is asked again (a step-up). */
export function signLetter({ letterId, ...body }: SignLetterInput): Promise<void> {
  return apiCall(signatureEndpoints.sign, { params: { id: letterId }, body });
}

export function useSignLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signLetter,
    // Pending until the letter is fetched again, so the panel shows the outcome as it closes.
    onSuccess: () => invalidateSignatures(queryClient),
  });
}
