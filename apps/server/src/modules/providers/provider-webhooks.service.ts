import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { webhookEventTypeSchema, type WebhookEventType } from '@kuvert/shared/sender-api';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { enqueueJobs, PermanentJobError } from '../../plugins/jobs.ts';
import { deliverWebhook } from '../../lib/webhooks.ts';
import { findProviderById, findProvidersWithWebhook } from './providers.repository.ts';

export const WEBHOOK_JOB = 'webhook.deliver';
/** Backoff from the job system: 30 s doubling to 1 h; 12 attempts span about half a day. */
const WEBHOOK_MAX_ATTEMPTS = 12;

const webhookJobSchema = z.object({
  provider_id: z.string(),
  event_id: z.string(),
  type: webhookEventTypeSchema,
  created_at: z.iso.datetime(),
  data: z.unknown(),
});

/**
 * Queues a signed event for the provider, in the caller's transaction, if the provider has a
 * webhook. The URL and secret are read when sending, so a rotated secret signs retries too.
 */
export async function enqueueWebhook(
  app: Pick<FastifyInstance, 'jobs' | 'clock'>,
  db: Kysely<Database>,
  event: { providerId: string; type: WebhookEventType; data: unknown },
): Promise<void> {
  const provider = await findProviderById(db, event.providerId);
  if (!provider?.webhook_url) return;
  const now = app.clock.now();
  await app.jobs.enqueue(db, {
    type: WEBHOOK_JOB,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    payload: {
      provider_id: event.providerId,
      event_id: newId(now.getTime()),
      type: event.type,
      created_at: now.toISOString(),
      data: event.data,
    },
  });
}

/**
 * Queues many events at once (a mail merge, a letter to several providers): one query finds
 * which providers have a webhook, one insert queues the jobs. Same transaction rule as
 * `enqueueWebhook`.
 */
export async function enqueueWebhooks(
  app: Pick<FastifyInstance, 'clock'>,
  db: Kysely<Database>,
  events: readonly { providerId: string; type: WebhookEventType; data: unknown }[],
): Promise<void> {
  if (events.length === 0) return;
  const withWebhook = new Set(
    await findProvidersWithWebhook(db, [...new Set(events.map((event) => event.providerId))]),
  );
  const now = app.clock.now();
  await enqueueJobs(
    db,
    app.clock,
    events
      .filter((event) => withWebhook.has(event.providerId))
      .map((event) => ({
        type: WEBHOOK_JOB,
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
        payload: {
          provider_id: event.providerId,
          event_id: newId(now.getTime()),
          type: event.type,
          created_at: now.toISOString(),
          data: event.data,
        },
      })),
  );
}

export function registerWebhookJobs(app: FastifyInstance): void {
  app.jobs.register(WEBHOOK_JOB, async (payload) => {
    const parsed = webhookJobSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('Malformed webhook job');
    const job = parsed.data;
    const provider = await findProviderById(app.db, job.provider_id);
    // The provider removed its webhook (or is gone) since: nobody is waiting for it.
    if (!provider?.webhook_url || !provider.webhook_secret) return;
    await deliverWebhook({
      url: provider.webhook_url,
      secret: provider.webhook_secret,
      event: { id: job.event_id, type: job.type, createdAt: new Date(job.created_at) },
      payload: job.data,
      clock: app.clock,
      allowPrivateNetworks: app.config.webhookAllowPrivateNetworks,
    });
  });
}
