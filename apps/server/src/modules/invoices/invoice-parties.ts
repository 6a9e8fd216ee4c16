import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findProviderRefs } from '../providers/provider-refs.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import type { InvoiceLetterRow } from './invoice-letters.ts';

/** An invoice with who sent it (the provider) and who paid it, as the views show it. */
export interface InvoiceRow extends InvoiceLetterRow {
  provider_name: string;
  provider_logo_key: string | null;
  provider_verified_at: string | null;
  payer_first_name: string | null;
  payer_last_name: string | null;
  payer_email: string | null;
}

/**
 * Adds the provider's and the payer's columns, asked of their areas once for all the rows;
 * the order is kept. Every invoice has its provider (a foreign key); a payer may be gone.
 */
export async function withInvoiceParties(
  db: Kysely<Database>,
  rows: readonly InvoiceLetterRow[],
): Promise<InvoiceRow[]> {
  const providers = await findProviderRefs(
    db,
    rows.map((row) => row.provider_id),
  );
  const payers = await findUserNames(
    db,
    rows.map((row) => row.invoice_paid_by_user_id),
  );
  return rows.flatMap((row) => {
    const provider = providers.get(row.provider_id);
    if (provider === undefined) return [];
    const payer =
      row.invoice_paid_by_user_id === null ? undefined : payers.get(row.invoice_paid_by_user_id);
    return [
      {
        ...row,
        provider_name: provider.name,
        provider_logo_key: provider.logo_key,
        provider_verified_at: provider.verified_at,
        payer_first_name: payer?.first_name ?? null,
        payer_last_name: payer?.last_name ?? null,
        payer_email: payer?.email ?? null,
      },
    ];
  });
}
