import { z } from 'zod';

/*
 * Letters forwarded by e-mail (issue 25): opt-in, for every provider or chosen ones, to the
 * person's own verified address. The PDFs go along up to FORWARDING_MAX_ATTACHMENT_BYTES in
 * total; a bigger letter, or one whose document awaits a signature, comes as a link.
 */

export const FORWARDING_MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** The most providers one person may choose. */
export const FORWARDING_MAX_PROVIDERS = 200;

export const forwardingScopes = ['all', 'chosen'] as const;
export const forwardingScopeSchema = z.enum(forwardingScopes);
export type ForwardingScope = z.infer<typeof forwardingScopeSchema>;

export const forwardingSettingsSchema = z
  .object({
    enabled: z.boolean(),
    scope: forwardingScopeSchema,
    provider_ids: z.array(z.string()).describe('The chosen providers (scope `chosen`)'),
    email: z.string().describe('Where letters go: the person’s own address'),
    providers: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .describe('Providers that can be chosen: those that wrote to the person’s mailboxes'),
  })
  .meta({ id: 'ForwardingSettings' });
export type ForwardingSettings = z.infer<typeof forwardingSettingsSchema>;

export const updateForwardingRequestSchema = z
  .object({
    enabled: z.boolean(),
    scope: forwardingScopeSchema,
    provider_ids: z.array(z.string().min(1).max(64)).max(FORWARDING_MAX_PROVIDERS),
  })
  .meta({ id: 'UpdateForwardingRequest' });
export type UpdateForwardingRequest = z.infer<typeof updateForwardingRequestSchema>;
