import type { ContactExportQuery } from '@kuvert/shared/contacts';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiPath } from '../../../lib/api-client.ts';

/** A download link: the browser saves the file the server names (CSV or vCard). */
export function contactExportUrl(query: Required<ContactExportQuery>): string {
  return apiPath(contactEndpoints.export, { query });
}
