import { publicFormEndpoints } from '@kuvert/shared/api';
import type { Endpoint } from '@kuvert/shared/api';
import { accountEndpoints } from '@kuvert/shared/accounts/endpoints';
import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { dataExportEndpoints } from '@kuvert/shared/data-export/endpoints';
import { eventEndpoints } from '@kuvert/shared/events/endpoints';
import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { healthEndpoints } from '@kuvert/shared/health/endpoints';
import { homeEndpoints } from '@kuvert/shared/home/endpoints';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { invoiceEndpoints } from '@kuvert/shared/invoices/endpoints';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { mailMergeEndpoints } from '@kuvert/shared/mail-merge/endpoints';
import { memberEndpoints } from '@kuvert/shared/members/endpoints';
import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { paymentEndpoints } from '@kuvert/shared/payments/endpoints';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { providerEndpoints } from '@kuvert/shared/providers/endpoints';
import { searchEndpoints } from '@kuvert/shared/search/endpoints';
import { senderApiEndpoints } from '@kuvert/shared/sender-api/endpoints';
import { signatureEndpoints } from '@kuvert/shared/signatures/endpoints';
import { trashEndpoints } from '@kuvert/shared/trash/endpoints';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';

/*
 * Every endpoint `@kuvert/shared` declares, by area: the web calls the API through them and the
 * server registers its routes from them. An area's new `endpoints.ts` is added here, so that
 * api-endpoints.test.ts (each declaration is a route) and declared-routes.test.ts (each /api
 * route is declared) both see it.
 */
const declaredByArea: Record<string, Record<string, Endpoint>> = {
  accounts: accountEndpoints,
  auth: authEndpoints,
  caseFiles: caseFileEndpoints,
  contacts: contactEndpoints,
  dataExport: dataExportEndpoints,
  events: eventEndpoints,
  folders: folderEndpoints,
  forms: formEndpoints,
  publicForms: publicFormEndpoints,
  health: healthEndpoints,
  members: memberEndpoints,
  identity: identityEndpoints,
  home: homeEndpoints,
  invoices: invoiceEndpoints,
  letters: letterEndpoints,
  mailMerge: mailMergeEndpoints,
  outbox: outboxEndpoints,
  payments: paymentEndpoints,
  profile: profileEndpoints,
  providers: providerEndpoints,
  search: searchEndpoints,
  senderApi: senderApiEndpoints,
  signatures: signatureEndpoints,
  trash: trashEndpoints,
  uploads: uploadEndpoints,
};

export interface NamedEndpoint {
  /** `area.name`, as the declaration is imported: `letters.list`. */
  name: string;
  endpoint: Endpoint;
}

export const declaredEndpoints: readonly NamedEndpoint[] = Object.entries(declaredByArea).flatMap(
  ([area, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({ name: `${area}.${name}`, endpoint })),
);
