import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxAdapter } from './sandbox-adapter.ts';
import { createTinkAdapter } from './tink-adapter.ts';

/** Chosen once at start: Tink when it is configured, the sandbox bank (test mode) otherwise. */
export function createPaymentProvider(app: FastifyInstance): PaymentProvider {
  const tink = app.config.tink;
  if (tink) return createTinkAdapter({ config: tink, clock: app.clock, log: app.log });
  return createSandboxAdapter(app);
}
