import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LetterActivity as Activity, LetterActor } from '@kuvert/shared/letters';
import { initI18n, loadTranslations, setLanguage } from '../../../lib/i18n.ts';
import { LetterActivity } from './letter-activity.tsx';

const annaRead: LetterActor = {
  name: 'Anna Berg',
  is_you: false,
  at: '2026-03-03T09:14:00.000Z',
  day_only: false,
};
const kimSigned: LetterActor = {
  name: 'Kim Berg',
  is_you: true,
  at: '2026-03-05T10:00:00.000Z',
  day_only: false,
};
const activity: Activity = {
  read: annaRead,
  paid: { name: 'Ben Berg', is_you: false, at: '2026-03-04T00:00:00.000Z', day_only: true },
  signed: [kimSigned],
};

function lines(): string[] {
  return screen.queryAllByRole('listitem').map((item) => item.textContent ?? '');
}

describe('who read, paid or signed a letter', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  afterEach(cleanup);

  it('names the others with the time, and leaves out what the viewer did', async () => {
    await setLanguage('en');
    render(
      <MantineProvider>
        <LetterActivity activity={activity} />
      </MantineProvider>,
    );
    const [read, paid, ...rest] = lines();
    expect(read).toMatch(/^Read by Anna Berg · Mar 3, 2026, \d\d?:\d\d/);
    expect(paid).toBe('Paid by Ben Berg · Mar 4, 2026');
    expect(rest).toEqual([]);
  });

  it('speaks German', async () => {
    await setLanguage('de');
    render(
      <MantineProvider>
        <LetterActivity activity={{ ...activity, signed: [{ ...kimSigned, is_you: false }] }} />
      </MantineProvider>,
    );
    expect(lines()).toEqual([
      expect.stringMatching(/^Gelesen von Anna Berg · 03\.03\.2026, \d\d:\d\d/),
      expect.stringMatching(/^Bezahlt von Ben Berg · 04\.03\.2026$/),
      expect.stringMatching(/^Unterschrieben von Kim Berg · 05\.03\.2026/),
    ]);
  });

  it('leaves "Paid by" to the invoice panel, which already says who paid', async () => {
    await setLanguage('en');
    render(
      <MantineProvider>
        <LetterActivity activity={activity} showPaid={false} />
      </MantineProvider>,
    );
    expect(lines()).toEqual([expect.stringMatching(/^Read by Anna Berg · /)]);
    expect(screen.queryByText(/Paid by/)).toBeNull();
  });

  it('leaves "Signed by" to the signature panel, which lists the signers', async () => {
    await setLanguage('en');
    render(
      <MantineProvider>
        <LetterActivity
          activity={{ read: null, paid: null, signed: [{ ...kimSigned, is_you: false }] }}
          showSigned={false}
        />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('letter-activity')).toBeNull();
  });

  it('shows nothing when the viewer did it all', () => {
    render(
      <MantineProvider>
        <LetterActivity
          activity={{ read: { ...annaRead, is_you: true }, paid: null, signed: [] }}
        />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('letter-activity')).toBeNull();
  });
});
