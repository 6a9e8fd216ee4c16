import { noAnswer, withAnswer } from '@kuvert/shared/api';
import type { Language } from '@kuvert/shared/auth';
import { isLanguage } from '@kuvert/shared/constants';
import { translateError } from './errors.ts';
import { apiCall } from './api-client.ts';
import { NetworkError } from './http.ts';
import { loadProfileEndpoints } from './contract.ts';
import { getLanguage, i18n, setLanguage, useTranslation } from './i18n.ts';
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
/** Choices made on this page so far; an answer to a question asked before the last is stale. */
let choicesMade = 0;
/** A language kept in this tab's session storage under `key` until it is taken. */
function tabLanguageSlot(key: string) {
  return {
    /** Keeps `language`, or forgets the kept one (null). Without storage, nothing is kept. */
    remember(language: Language | null): void {
      try {
        if (language === null) window.sessionStorage.removeItem(key);
        else window.sessionStorage.setItem(key, language);
      } catch {
        // Without storage the choice stays on this page only.
      }
    },
    /** The kept language, forgotten as it is taken. */
    take(): Language | null {
      try {
        const choice = window.sessionStorage.getItem(key);
        window.sessionStorage.removeItem(key);
        return isLanguage(choice) ? choice : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * A language picked on the login page (logged out) in this tab, kept so a reload of the login
 * page keeps it: the person who then logs in chose it, so their profile takes it. A choice
 * made while logged in is never carried into the next person's session: it went to its
 * owner's profile.
 */
const choiceBeforeLogin = tabLanguageSlot('kuvert.languageBeforeLogin');

/**
 * A choice made while logged in whose save has not been answered yet: a reload (or a closed
 * laptop) before the answer would otherwise bring back the profile's old language. The
 * session check after the reload sends it again.
 */
const unsavedChoice = tabLanguageSlot('kuvert.languageUnsaved');

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
  choicesMade += 1;
  if (!isLoggedIn()) {
    choiceBeforeLogin.remember(language);
    await setLanguage(language);
    return;
  }
  // Pending from this moment, before the strings load: a session answer arriving meanwhile
  // holds the old language and must not switch back.
  pendingSaves += 1;
  unsavedChoice.remember(language);
  const save = saveQueue.then(async () => {
    // On demand: the language switch is on the login page too, which loads no zod. Not
    // loading it is a failed connection, like a request that got no answer.
    const { profileEndpoints } = await loadProfileEndpoints().catch((error: unknown) => {
      throw new NetworkError(error);
    });
    // Only the language is sent and nothing of the answer is needed.
    await apiCall(withAnswer(profileEndpoints.patch, noAnswer), { body: { language } });
  });
  saveQueue = save.catch(() => {});
  try {
    await setLanguage(language);
    await save;
    if (pendingSaves === 1) unsavedChoice.remember(null);
  } catch (error) {
    // A later choice is still on its way and decides; a lost session leaves a device choice.
    if (pendingSaves > 1) return;
    unsavedChoice.remember(null);
    if (!isLoggedIn()) return;
    await setLanguage(previous);
    notify({
      type: 'negative',
      title: i18n.t('common.languageNotSaved'),
      message: translateError(i18n.t, error),
    });
  } finally {
    pendingSaves -= 1;
    // A question asked while this was saved may have been answered from before the save.
    choicesMade += 1;
  }
}

/**
 * Just logged in: a language picked on the login page a moment ago is this person's choice
 * and goes to their profile; otherwise the UI follows the profile.
 */
export async function settleLanguageAtLogin(profileLanguage: Language): Promise<void> {
  // An unsaved choice belongs to whoever was logged in before; it is not this person's.
  unsavedChoice.take();
  const choice = choiceBeforeLogin.take();
  if (choice === null || choice === profileLanguage) {
    await adoptProfileLanguage(profileLanguage);
    return;
  }
  await chooseLanguage(choice);
}

/**
 * The session check after a reload: a choice this tab made whose save was not answered before
 * the reload is sent again (the server may or may not have it) and stays on screen; otherwise
 * the UI follows the profile, as `adoptProfileLanguage`.
 */
export async function settleLanguageAtSessionCheck(
  profileLanguage: Language,
  ticket: number,
): Promise<void> {
  const unsaved = pendingSaves > 0 ? null : unsavedChoice.take();
  if (unsaved !== null && unsaved !== profileLanguage && ticket === choicesMade) {
    await chooseLanguage(unsaved);
    return;
  }
  await adoptProfileLanguage(profileLanguage, ticket);
}

/**
 * Taken before asking the server for the profile (the session check): the answer counts only
 * if no choice was made while it was on its way, as it may hold the language from before.
 */
export function profileQuestionTicket(): number {
  return choicesMade;
}

/**
 * The profile's language as the server answered it (login, session check, profile saved):
 * the UI follows. Ignored while a choice is being saved, which the server is about to hold,
 * and when a choice was made after the question was asked (`ticket`).
 */
export async function adoptProfileLanguage(
  language: Language,
  ticket: number = choicesMade,
): Promise<void> {
  if (pendingSaves > 0 || ticket !== choicesMade) return;
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
