import { z } from 'zod';
import { letterSummarySchema, moneySchema } from '../letters/index.ts';

/** The needs-action overview of one account; every number is a real count. */
export const homeSummarySchema = z
  .object({
    unread_letters: z.number().int(),
    open_invoices: z.object({
      count: z.number().int(),
      totals: z.array(moneySchema).describe('One total per currency'),
      next_due_date: z.iso.date().nullable(),
      is_overdue: z
        .boolean()
        .describe('The earliest of them is past its due date (decided by the server)'),
    }),
    open_signature_requests: z.number().int(),
    recent_letters: z.array(letterSummarySchema),
  })
  .meta({ id: 'HomeSummary' });
export type HomeSummary = z.infer<typeof homeSummarySchema>;

export const accountQuerySchema = z.object({ account_id: z.string().min(1) });
