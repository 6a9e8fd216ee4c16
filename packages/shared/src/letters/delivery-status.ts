import { z } from 'zod';

/**
 * Where an outbound letter's delivery to one recipient stands (inbound letters are always
 * `delivered`): provider and Kuvert recipients are `delivered` at once; postal ones go
 * `queued` → `printed` (the operator took the print batch) → `sent`, or `failed` with a reason.
 */
export const deliveryStatuses = ['queued', 'delivered', 'printed', 'sent', 'failed'] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/**
 * A sent letter's own status, for lists: the least advanced of its recipients' (any `failed`
 * first, then `queued`, `printed`, `sent`, and `delivered` when all are through).
 */
export function overallDeliveryStatus(statuses: readonly DeliveryStatus[]): DeliveryStatus {
  for (const status of ['failed', 'queued', 'printed', 'sent'] as const) {
    if (statuses.includes(status)) return status;
  }
  return 'delivered';
}
