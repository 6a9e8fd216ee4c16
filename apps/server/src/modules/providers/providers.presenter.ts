import {
  providerCategorySchema,
  type AccountProvider,
  type Provider,
  type ProviderCategory,
} from '@kuvert/shared/providers';
import type { AccountProviderRow, ProviderRow } from './providers.repository.ts';

export function toCategory(value: string): ProviderCategory {
  const parsed = providerCategorySchema.safeParse(value);
  return parsed.success ? parsed.data : 'other';
}

export function toProvider(row: ProviderRow): Provider {
  return {
    id: row.id,
    name: row.name,
    category: toCategory(row.category),
    is_verified: row.verified_at !== null,
    has_logo: row.logo_key !== null,
  };
}

export function toAccountProvider(row: AccountProviderRow): AccountProvider {
  return { ...toProvider(row), letter_count: row.letter_count, unread_count: row.unread_count };
}
