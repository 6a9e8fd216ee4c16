import { z } from 'zod';
import { declaredUnder } from '../../plugins/declared-routes.ts';
import type { AuthMode } from '../../plugins/session.ts';

/**
 * The paths of the Sender API's declared endpoints (`@kuvert/shared/sender-api/endpoints`), for
 * routes registered inside its plugin, which is mounted at /api/sender/v1 (modules/index.ts).
 */
export const declaredSenderRoute = declaredUnder('/api/sender/v1');

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
