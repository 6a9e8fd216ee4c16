import type { EmailChangeLinkInfo } from '@kuvert/shared/email-change';
import { apiCall } from '../../../lib/api-client.ts';
import { useLinkLookup, type LinkLookup } from '../hooks/use-link-lookup.ts';
import { loadEmailChangeEndpoints } from './load-email-change-endpoints.ts';

export type EmailChangeLinkKind = 'confirm' | 'cancel';

/** What a mailed link is about, without using it up. */
export async function getEmailChangeLink(
  kind: EmailChangeLinkKind,
  token: string,
  signal?: AbortSignal,
): Promise<EmailChangeLinkInfo> {
  const { emailChangeEndpoints } = await loadEmailChangeEndpoints();
  const declared =
    kind === 'confirm' ? emailChangeEndpoints.getConfirmLink : emailChangeEndpoints.getCancelLink;
  return apiCall(declared, { query: { token }, signal });
}

const lookUps: Record<
  EmailChangeLinkKind,
  (token: string, signal: AbortSignal) => Promise<EmailChangeLinkInfo>
> = {
  confirm: (token, signal) => getEmailChangeLink('confirm', token, signal),
  cancel: (token, signal) => getEmailChangeLink('cancel', token, signal),
};

export function useEmailChangeLink(
  kind: EmailChangeLinkKind,
  token: string,
): LinkLookup<EmailChangeLinkInfo> {
  return useLinkLookup(token, lookUps[kind]);
}
