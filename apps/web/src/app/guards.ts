import { redirect, replace } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { paths, sanitizeRedirect } from '../config/paths.ts';
import { getSessionSnapshot, isLoggedIn } from '../lib/session.ts';

/** Where the login page should return to; nowhere special after an explicit logout. */
export function loginHrefFor(pathname: string, search: string): string {
  if (getSessionSnapshot().endReason === 'logout') return paths.login();
  return paths.login(`${pathname}${search}`);
}

/** Runs on every navigation below it (see shouldRevalidate in the router). */
export function requireLogin({ request }: LoaderFunctionArgs): null {
  if (isLoggedIn()) return null;
  const url = new URL(request.url);
  throw redirect(loginHrefFor(url.pathname, url.search));
}

/** A signed-in user opening /login goes straight on. */
export function skipLoginWhenLoggedIn({ request }: LoaderFunctionArgs): null {
  if (!isLoggedIn()) return null;
  throw redirect(sanitizeRedirect(new URL(request.url).searchParams.get('redirect')));
}

/**
 * The public link of a form, opened with a session: the portal's fill-out page of the same
 * form instead, with what a login brings (the profile's prefill, a choice of mailbox, drafts on
 * the server, the submission in My forms; forms that are not public too). Only the session's
 * expiry in storage is read, no request: the anonymous first load stays as it was (DESIGN §7).
 */
export function fillOutWhenLoggedIn({ params, request }: LoaderFunctionArgs): null {
  const { providerId, formId } = params;
  if (!isLoggedIn() || providerId === undefined || formId === undefined) return null;
  const portalPage = paths.formAdd(providerId, formId);
  // Opened from outside (or by Back), the public address is in the history already: replaced,
  // Back leaves for where the person came from instead of into this redirect again. Reached
  // by a link in the app, it never got there: the portal's page is added as by any link.
  const isAddressShown = new URL(request.url).pathname === window.location.pathname;
  throw isAddressShown ? replace(portalPage) : redirect(portalPage);
}
