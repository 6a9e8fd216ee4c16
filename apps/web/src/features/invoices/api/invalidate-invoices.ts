import type { QueryClient } from '@tanstack/react-query';
import { invalidateAreas, invoiceDependentAreas } from '../../../lib/mailbox-keys.ts';

/** After an invoice's status changed: its panel, the open list, letter badges, home counts. */
export function invalidateInvoices(queryClient: QueryClient): Promise<void> {
  return invalidateAreas(queryClient, invoiceDependentAreas);
}
