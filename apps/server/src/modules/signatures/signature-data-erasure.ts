import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PersonalDataEraser } from '../../personal-data/personal-data-erasers.ts';

/** What a deleted signer's name becomes in the audit record. */
const DELETED_USER_NAME = 'Deleted user';

/**
 * The signature audit stays (the provider's sealed copy and the verify page rely on it): what
 * was signed, how, when and how the signer was identified. The person is pseudonymised in it:
 * no name, e-mail, typed or drawn signature, address or browser.
 */
async function eraseSignerData(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('signature_signers')
    .set({
      email: '',
      signer_name: DELETED_USER_NAME,
      typed_name: null,
      strokes: null,
      declined_reason: null,
      ip_address: null,
      user_agent: null,
      identity_name: null,
    })
    .where('user_id', '=', userId)
    .execute();
}

export const signerErasure: PersonalDataEraser = {
  name: 'signatures',
  columns: ['signature_signers.user_id'],
  erase: eraseSignerData,
};
