import type { ContactExportQuery } from '@kuvert/shared/contacts';

/** A download link: the browser saves the file the server names (CSV or vCard). */
export function contactExportUrl(query: Required<ContactExportQuery>): string {
  return `/api/contacts/export?${new URLSearchParams(query).toString()}`;
}
