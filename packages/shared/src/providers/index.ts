import { z } from 'zod';

export const providerCategories = [
  'bank',
  'insurance',
  'utility',
  'telecom',
  'government',
  'employer',
  'health',
  'housing',
  'retail',
  'other',
] as const;
export const providerCategorySchema = z.enum(providerCategories);
export type ProviderCategory = z.infer<typeof providerCategorySchema>;

export const providerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: providerCategorySchema,
    is_verified: z.boolean(),
    has_logo: z.boolean(),
  })
  .meta({ id: 'Provider' });
export type Provider = z.infer<typeof providerSchema>;

/** Providers that have written to the account, with how many letters are unread. */
export const accountProviderSchema = providerSchema
  .extend({ letter_count: z.number().int(), unread_count: z.number().int() })
  .meta({ id: 'AccountProvider' });
export type AccountProvider = z.infer<typeof accountProviderSchema>;

export const accountProviderListSchema = z.object({ providers: z.array(accountProviderSchema) });
export type AccountProviderList = z.infer<typeof accountProviderListSchema>;
