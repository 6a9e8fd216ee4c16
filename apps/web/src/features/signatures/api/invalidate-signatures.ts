import type { QueryClient } from '@tanstack/react-query';
import { invalidateAreas, signatureDependentAreas } from '../../../lib/mailbox-keys.ts';

/** After a signature, a decline: the letter's panel, the open list, badges, home counts. */
export function invalidateSignatures(queryClient: QueryClient): Promise<void> {
  return invalidateAreas(queryClient, signatureDependentAreas);
}
