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
