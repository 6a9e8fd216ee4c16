import { z } from 'zod';
import type { AuthMode } from '../../plugins/session.ts';

/** What every Sender API route's options share. */
export const apiKeyAuth: { auth: AuthMode } = { auth: 'api-key' };
export const security = [{ providerApiKey: [] }];
export const tags = ['sender-api'];

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Any unique string per request; a retry with the same key returns the first answer'),
});
