/**
 * The pages of the mailed links are reachable before login: like the auth pages, they load
 * the contract's schemas on demand (lib/contract.ts says why). The profile's calls load them
 * the same way, so the declarations stay in one chunk of their own.
 */
export const loadEmailChangeEndpoints = () => import('@kuvert/shared/email-change/endpoints');
