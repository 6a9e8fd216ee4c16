import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test gets fresh modules: nothing of German loaded yet, as on a first visit. */
async function freshI18n() {
  vi.resetModules();
  const i18n = await import('./i18n.ts');
  await i18n.initI18n();
  return i18n;
}

describe('switching the language', () => {
  beforeEach(() => localStorage.clear());

  it('ends in the language asked for last, however long each one takes to load', async () => {
    const i18n = await freshI18n();
    // German still has to be downloaded; English is there at once.
    const toGerman = i18n.setLanguage('de');
    const backToEnglish = i18n.setLanguage('en');
    await Promise.all([toGerman, backToEnglish]);
    expect(i18n.getLanguage()).toBe('en');
    expect(i18n.translate('login.title')).toBe('Log in to Kuvert');
  });

  it('loads the strings a page asks for during a switch in the new language', async () => {
    const i18n = await freshI18n();
    // Logging in: the portal's strings are asked for while German is still loading.
    const toGerman = i18n.setLanguage('de');
    const portalStrings = i18n.loadTranslations('app');
    await Promise.all([toGerman, portalStrings]);
    expect(i18n.translate('letters.detail.pages', { count: 2 })).toBe('2 Seiten');
  });
});
