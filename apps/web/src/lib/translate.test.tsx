import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  i18n,
  initI18n,
  loadTranslations,
  setLanguage,
  translate,
  useTranslation,
} from './i18n.ts';

function LoginTitle() {
  const { t } = useTranslation();
  return <h1>{t('login.title')}</h1>;
}

describe('translate', () => {
  afterEach(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it('fills placeholders and leaves unknown ones visible', async () => {
    await initI18n();
    expect(translate('login.rateLimited', { wait: '42 seconds' })).toContain('42 seconds');
    expect(translate('login.rateLimited')).toContain('{{wait}}');
  });

  it('picks the plural form by count with the rules of the language', async () => {
    await loadTranslations('app');
    expect(translate('letters.detail.pages', { count: 1 })).toBe('1 page');
    expect(translate('letters.detail.pages', { count: 0 })).toBe('0 pages');
    expect(translate('letters.detail.pages', { count: 3 })).toBe('3 pages');
    await setLanguage('de');
    expect(translate('letters.detail.pages', { count: 1 })).toBe('1 Seite');
    expect(translate('letters.detail.pages', { count: 2 })).toBe('2 Seiten');
  });

  it('answers in the chosen language and remembers it', async () => {
    await initI18n();
    await setLanguage('de');
    expect(i18n.language).toBe('de');
    expect(translate('login.title')).toBe('Bei Kuvert anmelden');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('kuvert.language')).toBe('de');
  });

  it('re-renders components when the language changes', async () => {
    await initI18n();
    render(<LoginTitle />);
    expect(screen.getByRole('heading').textContent).toBe('Log in to Kuvert');
    await act(() => setLanguage('de'));
    expect(screen.getByRole('heading').textContent).toBe('Bei Kuvert anmelden');
  });
});
