import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';
import { addressBookFileBase, contactsCsv, contactsVcard } from './contact-export.ts';
import { withProviderNames } from './contact-providers.ts';
import { findAllContacts } from './contacts.repository.ts';

/** The address book of each mailbox the person may see, as vCard and CSV (the export's own). */
export const contactExport: PersonalDataContributor = {
  name: 'contacts',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      const rows = await withProviderNames(app.db, await findAllContacts(app.db, account.id));
      if (rows.length === 0) continue;
      const mailbox = `${account.name} (${account.id})`;
      const base = addressBookFileBase[scope.language];
      await out.text(`${mailbox}/${base}.vcf`, contactsVcard(rows, scope.language));
      await out.text(`${mailbox}/${base}.csv`, contactsCsv(rows, scope.language));
      out.count('contacts', rows.length);
    }
  },
};
