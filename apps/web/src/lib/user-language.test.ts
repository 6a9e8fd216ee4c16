import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiPath } from './api-client.ts';
import { getLanguage, initI18n, setLanguage } from './i18n.ts';
import { dismissAllNotifications, getNotifications } from './notify.ts';
import { endSession, startSession } from './session.ts';
import { storageKeys } from './storage.ts';
import {
  adoptProfileLanguage,
  chooseLanguage,
  profileQuestionTicket,
  settleLanguageAtLogin,
  settleLanguageAtSessionCheck,
} from './user-language.ts';

const fetchMock = vi.fn<typeof fetch>();

function logIn() {
  startSession({
    created_at: new Date().toISOString(),
    expires_in: 3600,
    csrf_token: 'csrf-abc',
    login_token: 'login-abc',
    first_name: 'Erika',
    language: 'en',
    accounts: [],
  });
}

function profileAnswer(language: string): Response {
  return new Response(JSON.stringify({ language }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The bodies of the PATCH /api/profile calls made so far. */
function savedBodies(): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === apiPath(profileEndpoints.patch) && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  endSession();
  await initI18n();
  await setLanguage('en');
});

afterEach(() => {
  dismissAllNotifications();
  vi.unstubAllGlobals();
});

describe('the user’s language', () => {
  it('logged out, is this device’s choice only', async () => {
    await chooseLanguage('de');
    expect(getLanguage()).toBe('de');
    expect(localStorage.getItem(storageKeys.language)).toBe('de');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logged in, is saved in the profile, the language alone', async () => {
    logIn();
    fetchMock.mockResolvedValue(profileAnswer('de'));
    await chooseLanguage('de');
    expect(getLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(savedBodies()).toEqual([{ language: 'de' }]);
  });

  it('goes back and says so when the profile cannot keep it', async () => {
    logIn();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await chooseLanguage('de');
    expect(getLanguage()).toBe('en');
    expect(localStorage.getItem(storageKeys.language)).toBe('en');
    expect(getNotifications()).toEqual([
      expect.objectContaining({
        type: 'negative',
        title: 'The language could not be saved in your profile.',
      }),
    ]);
  });

  it('follows the profile at login, but not over a choice still being saved', async () => {
    await adoptProfileLanguage('de');
    expect(getLanguage()).toBe('de');

    logIn();
    const answer = Promise.withResolvers<Response>();
    fetchMock.mockReturnValue(answer.promise);
    const choosing = chooseLanguage('en');
    await vi.waitFor(() => expect(savedBodies()).toEqual([{ language: 'en' }]));
    // A session answer from before the choice still holds German.
    await adoptProfileLanguage('de');
    expect(getLanguage()).toBe('en');
    answer.resolve(profileAnswer('en'));
    await choosing;
    expect(getLanguage()).toBe('en');
  });

  it('ignores a session answer to a question asked before the last choice', async () => {
    logIn();
    fetchMock.mockResolvedValue(profileAnswer('de'));
    const ticket = profileQuestionTicket();
    // The session check is on its way when the user picks German; its answer is older.
    await chooseLanguage('de');
    await adoptProfileLanguage('en', ticket);
    expect(getLanguage()).toBe('de');
    // A question asked after the choice is answered with what the profile holds now.
    await adoptProfileLanguage('en', profileQuestionTicket());
    expect(getLanguage()).toBe('en');
  });

  it('ignores a session answer to a question asked while the choice was being saved', async () => {
    logIn();
    const answer = Promise.withResolvers<Response>();
    fetchMock.mockReturnValue(answer.promise);
    const choosing = chooseLanguage('de');
    // The session check asks now; the server may answer it from before the save.
    const ticket = profileQuestionTicket();
    await adoptProfileLanguage('en', ticket);
    await vi.waitFor(() => expect(getLanguage()).toBe('de'));
    answer.resolve(profileAnswer('de'));
    await choosing;
    await adoptProfileLanguage('en', ticket);
    expect(getLanguage()).toBe('de');
  });

  it('sends a choice again after a reload cut its save short, and keeps it on screen', async () => {
    logIn();
    const answer = Promise.withResolvers<Response>();
    fetchMock.mockReturnValueOnce(answer.promise);
    const choosing = chooseLanguage('de');
    await vi.waitFor(() => expect(savedBodies()).toEqual([{ language: 'de' }]));
    // What the tab holds when it reloads now: the choice, not yet answered.
    const leftBehind = sessionStorage.getItem('kuvert.languageUnsaved');
    expect(leftBehind).toBe('de');
    answer.resolve(profileAnswer('de'));
    await choosing;
    expect(sessionStorage.getItem('kuvert.languageUnsaved')).toBeNull();

    // The reloaded page: English on screen, the session check answers the old profile.
    sessionStorage.setItem('kuvert.languageUnsaved', leftBehind ?? '');
    await setLanguage('en');
    fetchMock.mockResolvedValue(profileAnswer('de'));
    await settleLanguageAtSessionCheck('en', profileQuestionTicket());
    expect(getLanguage()).toBe('de');
    expect(savedBodies()).toEqual([{ language: 'de' }, { language: 'de' }]);
    expect(sessionStorage.getItem('kuvert.languageUnsaved')).toBeNull();
    // The next check follows the profile again.
    await settleLanguageAtSessionCheck('en', profileQuestionTicket());
    expect(getLanguage()).toBe('en');
  });

  it('does not carry an unsaved choice into the next person’s session', async () => {
    sessionStorage.setItem('kuvert.languageUnsaved', 'de');
    logIn();
    await settleLanguageAtLogin('en');
    await settleLanguageAtSessionCheck('en', profileQuestionTicket());
    expect(getLanguage()).toBe('en');
    expect(savedBodies()).toEqual([]);
  });

  it('takes a language picked on the login page into the profile at login', async () => {
    await chooseLanguage('de');
    expect(savedBodies()).toEqual([]);
    logIn();
    fetchMock.mockResolvedValue(profileAnswer('de'));
    await settleLanguageAtLogin('en');
    expect(getLanguage()).toBe('de');
    expect(savedBodies()).toEqual([{ language: 'de' }]);
    // Only once: the next login follows the profile.
    await settleLanguageAtLogin('en');
    expect(getLanguage()).toBe('en');
  });
});
