import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadTranslations } from '../../lib/i18n.ts';
import { ProviderChips, type ProviderChip } from './provider-chips.tsx';

const providers: ProviderChip[] = [
  { id: 'p1', name: 'Stadtwerke Müllheim', has_logo: false, unread_count: 3 },
  { id: 'p2', name: 'Anwalt Berger', has_logo: false },
];

function renderChips(
  activeProviderId: string | null,
  onSelect = vi.fn<(providerId: string | null) => void>(),
) {
  render(
    <MantineProvider>
      <ProviderChips
        providers={providers}
        activeProviderId={activeProviderId}
        onSelect={onSelect}
      />
    </MantineProvider>,
  );
  return onSelect;
}

describe('the provider filter chips', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  afterEach(cleanup);

  it('offers "All" and each provider, with the unread count where there is one', () => {
    renderChips(null);
    const group = screen.getByRole('group', { name: 'Filter by provider' });
    expect(group.textContent).toBe('AllSMStadtwerke Müllheim3ABAnwalt Berger');
    expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
  });

  it('marks the chosen provider and answers the choice, null for "All"', () => {
    const onSelect = renderChips('p1');
    expect(screen.getByRole('radio', { name: /Stadtwerke/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: /Anwalt Berger/ }));
    expect(onSelect).toHaveBeenLastCalledWith('p2');
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });
});
