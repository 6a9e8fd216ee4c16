import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';
import { findSignatureRequestIdsInAccounts } from '../letters/letter-data-export.ts';

const BATCH = 200;

/**
 * Signature requests of the letters in the mailboxes the person may see, with the signers'
 * audit trail and the sealed copy. Where and with what a signer signed (address, browser) is
 * written for the person's own signatures only.
 */
export const signatureExport: PersonalDataContributor = {
  name: 'signatures',
  async contribute(app, scope, out) {
    const ids = await findSignatureRequestIdsInAccounts(
      app.db,
      scope.accounts.map((account) => account.id),
    );
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      const requests = await app.db
        .selectFrom('signature_requests')
        .select([
          'id',
          'letter_id',
          'provider_id',
          'status',
          'due_date',
          'completed_at',
          'declined_at',
          'expired_at',
          'cancelled_at',
          'seal_status',
          'sealed_at',
          'sealed_storage_key',
          'sealed_size',
          'created_at',
        ])
        .where('id', 'in', batch)
        .orderBy('created_at')
        .execute();
      const signers = await app.db
        .selectFrom('signature_signers')
        .select([
          'request_id',
          'position',
          'email',
          'user_id',
          'letter_id',
          'status',
          'method',
          'typed_name',
          'signer_name',
          'signed_at',
          'declined_at',
          'declined_reason',
          'ip_address',
          'user_agent',
          'identified_by',
          'identity_requirement',
          'identity_issuer',
          'identity_acr',
          'identity_name',
          'created_at',
        ])
        .where('request_id', 'in', batch)
        .orderBy('position')
        .execute();
      for (const { sealed_storage_key: sealedKey, ...request } of requests) {
        const folder = `${request.created_at.slice(0, 10)} (${request.id})`;
        await out.json(`${folder}/request.json`, {
          ...request,
          sealed_file: sealedKey ? 'sealed.pdf' : null,
          signers: signers
            .filter((signer) => signer.request_id === request.id)
            .map(({ request_id: _request, ...signer }) =>
              signer.user_id === scope.userId
                ? signer
                : { ...signer, ip_address: undefined, user_agent: undefined },
            ),
        });
        out.count('signature_requests');
        if (sealedKey && request.sealed_size !== null) {
          await out.document(`${folder}/sealed.pdf`, {
            key: sealedKey,
            size: Number(request.sealed_size),
          });
          out.count('sealed_copies');
        }
      }
    }
  },
};
