import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findProviderRefs } from '../providers/provider-refs.service.ts';
import type { LetterSummaryBaseRow, LetterSummaryRow } from './letters.repository.ts';

/**
 * Adds each summary's provider columns, asked of the providers area once for all the rows;
 * a letter without a provider (between Kuvert users, composed) gets nulls.
 */
export async function withProviderColumns(
  db: Kysely<Database>,
  rows: readonly LetterSummaryBaseRow[],
): Promise<LetterSummaryRow[]> {
  const providers = await findProviderRefs(
    db,
    rows.map((row) => row.provider_id),
  );
  return rows.map((row) => {
    const provider = row.provider_id === null ? undefined : providers.get(row.provider_id);
    return {
      ...row,
      provider_id: provider?.id ?? null,
      provider_name: provider?.name ?? null,
      provider_logo_key: provider?.logo_key ?? null,
      provider_verified_at: provider?.verified_at ?? null,
    };
  });
}
