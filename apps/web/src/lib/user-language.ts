import type { Language } from '@kuvert/shared/auth';
import { translateError } from './errors.ts';
import { apiRequest } from './http.ts';
import { getLanguage, i18n, isLanguage, setLanguage, useTranslation } from './i18n.ts';
import { notify } from './notify.ts';
import { isLoggedIn } from './session.ts';
import { storageKeys } from './storage.ts';

/**
 * The one owner of the user's language: one language per person, whichever control changes
 * it. The UI, this device's storage and, while logged in, the profile on the server (which
 * mails and the bank page follow) agree because every control and every session answer goes
 * through here rather than to `setLanguage`.
 *
 * - The user picks a language (header or login-page switch, profile form): `chooseLanguage`.
 * - The server says what the profile holds (login, session check): `adoptProfileLanguage`.
 *
 * It lives in lib because the switch sits in generic layouts, which may not import features;
 * so it sends its one request, the language alone, itself.
 */

/** Saves still on their way; while one is, a session answer may hold the old language. */
let pendingSaves = 0;
// In order: a quick English → Deutsch → English must not reach the server swapped.
let saveQueue: Promise<unknown> = Promise.resolve();
let isListeningToOtherTabs = false;

/** The language the UI speaks; components re-render when it changes. */
export function useLanguage(): Language {
  listenToOtherTabs();
  return useTranslation().i18n.language;
}

/**
 * The user picked a language: the UI switches at once and this device remembers it; while
 * logged in the profile keeps it too. If the profile cannot, the UI goes back and says why,
 * so the screen never shows a language the mails and the bank would not speak.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  const previous = getLanguage();
  await setLanguage(language);
  if (!isLoggedIn()) return;
  pendingSaves += 1;
  const save = saveQueue.then(() =>
    apiRequest('/api/profile', { method: 'PATCH', body: { language } }),
  );
  saveQueue = save.catch(() => {});
  try {
    await save;
  } catch (error) {
    // A later choice is still on its way and decides; a lost session leaves a device choice.
    if (pendingSaves > 1 || !isLoggedIn()) return;
    await setLanguage(previous);
    notify({
      type: 'negative',
      title: i18n.t('common.languageNotSaved'),
      message: translateError(i18n.t, error),
    });
  } finally {
    pendingSaves -= 1;
  }
}

/**
 * The profile's language as the server answered it (login, session check, profile saved):
 * the UI follows. Ignored while a choice is being saved, which the server is about to hold.
 */
export async function adoptProfileLanguage(language: Language): Promise<void> {
  if (pendingSaves > 0) return;
  await setLanguage(language);
}

// A choice made in another tab of this browser shows here too; that tab saved it.
function listenToOtherTabs(): void {
  if (isListeningToOtherTabs || typeof window === 'undefined') return;
  isListeningToOtherTabs = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKeys.language || !isLanguage(event.newValue)) return;
    if (event.newValue !== getLanguage()) void setLanguage(event.newValue);
  });
}
