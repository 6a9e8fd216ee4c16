import { publicFormEndpoints } from '@kuvert/shared/api';
import type { Endpoint } from '@kuvert/shared/api';
import { accessTokenEndpoints } from '@kuvert/shared/access-tokens/endpoints';
import { accountEndpoints } from '@kuvert/shared/accounts/endpoints';
import { accountDeletionEndpoints } from '@kuvert/shared/account-deletion/endpoints';
import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { calendarEndpoints } from '@kuvert/shared/calendar/endpoints';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { emailChangeEndpoints } from '@kuvert/shared/email-change/endpoints';
import { dataExportEndpoints } from '@kuvert/shared/data-export/endpoints';
import { eventEndpoints } from '@kuvert/shared/events/endpoints';
import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { forwardingEndpoints } from '@kuvert/shared/forwarding/endpoints';
import { healthEndpoints } from '@kuvert/shared/health/endpoints';
import { homeEndpoints } from '@kuvert/shared/home/endpoints';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { invoiceEndpoints } from '@kuvert/shared/invoices/endpoints';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { mailMergeEndpoints } from '@kuvert/shared/mail-merge/endpoints';
import { memberEndpoints } from '@kuvert/shared/members/endpoints';
import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { paymentEndpoints } from '@kuvert/shared/payments/endpoints';
import { personalApiEndpoints } from '@kuvert/shared/personal-api/endpoints';
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
  accessTokens: accessTokenEndpoints,
  accounts: accountEndpoints,
  accountDeletion: accountDeletionEndpoints,
  auth: authEndpoints,
  calendar: calendarEndpoints,
  caseFiles: caseFileEndpoints,
  contacts: contactEndpoints,
  emailChange: emailChangeEndpoints,
  dataExport: dataExportEndpoints,
  events: eventEndpoints,
  folders: folderEndpoints,
  forms: formEndpoints,
  forwarding: forwardingEndpoints,
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
  personalApi: personalApiEndpoints,
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
