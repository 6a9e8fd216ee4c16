/*
 * Where a person goes after verifying, when they left for the identity provider from
 * somewhere other than their profile (a letter that needs a verified identity to be signed).
 * Kept in this tab's session storage: it survives the trip to the provider and back.
 */

const KEY = 'kuvert.identity.returnTo';

/** Only a path of this site: never another origin (`//host`) nor a scheme. */
function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

export function rememberReturnTo(path: string | null): void {
  try {
    if (path !== null && isLocalPath(path)) window.sessionStorage.setItem(KEY, path);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode): the result page then offers the profile only.
  }
}

export function readReturnTo(): string | null {
  try {
    const value = window.sessionStorage.getItem(KEY);
    return value !== null && isLocalPath(value) ? value : null;
  } catch {
    return null;
  }
}

/*
 * An onboarding (the operator's link, no login): the return page completes the verification
 * with the link's token instead of a session, and leads back to the link's page.
 */
const ONBOARDING_KEY = 'kuvert.identity.onboarding';

export function rememberOnboarding(token: string | null): void {
  try {
    if (token !== null) window.sessionStorage.setItem(ONBOARDING_KEY, token);
    else window.sessionStorage.removeItem(ONBOARDING_KEY);
  } catch {
    // Storage unavailable: the return page then cannot finish an onboarding; it says so.
  }
}

export function readOnboarding(): string | null {
  try {
    return window.sessionStorage.getItem(ONBOARDING_KEY);
  } catch {
    return null;
  }
}
