import { redirect } from 'react-router';
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
