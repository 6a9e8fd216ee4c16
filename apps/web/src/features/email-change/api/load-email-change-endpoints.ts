/**
 * The pages of the mailed links are reachable before login: like the auth pages, they load
 * the contract's schemas on demand (lib/contract.ts says why).
 */
export const loadEmailChangeEndpoints = () => import('@kuvert/shared/email-change/endpoints');
