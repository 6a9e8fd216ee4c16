import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findVersionRowsOfForms } from './provider-forms.repository.ts';

/*
 * A provider's own forms, as it publishes, changes and withdraws them through the Sender API.
 * Each takes `db`, which may be the caller's transaction (a new version and its use cases
 * are written together).
 */

export {
  advanceFormVersion,
  findCurrentUseCases,
  findProviderForm,
  findProviderForms,
  insertForm,
  insertFormVersion,
  replaceFormUseCases,
  unpublishForm,
  type FormRow,
} from './provider-forms.repository.ts';

export interface FormVersionRow {
  form_id: string;
  version: number;
  created_at: string;
}

/** Every version of the forms, by form, oldest first. */
export async function findVersionsOfForms(
  db: Kysely<Database>,
  formIds: readonly string[],
): Promise<FormVersionRow[]> {
  const rows = await findVersionRowsOfForms(db, formIds);
  return rows.map((row) => ({ ...row, version: Number(row.version) }));
}
