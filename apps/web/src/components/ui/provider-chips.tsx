import { Badge, Chip, Group, ScrollArea } from '@mantine/core';
import { memo } from 'react';
import type { ProviderRef } from '@kuvert/shared/letters';
import { useTranslation } from '../../lib/i18n.ts';
import { ProviderAvatar } from './provider-avatar.tsx';

/** A provider to filter by; with `unread_count`, its chip shows how many letters wait. */
export type ProviderChip = Pick<ProviderRef, 'id' | 'name' | 'has_logo'> & {
  unread_count?: number;
};

interface ProviderChipsProps {
  providers: readonly ProviderChip[];
  /** The chosen provider; null for "All". */
  activeProviderId: string | null;
  onSelect: (providerId: string | null) => void;
}

/**
 * "All" plus one chip per provider, in one row that scrolls sideways on a narrow screen: the
 * provider filter of every list that has one (the inbox, the invoices).
 */
export const ProviderChips = memo(function ProviderChips({
  providers,
  activeProviderId,
  onSelect,
}: ProviderChipsProps) {
  const { t } = useTranslation();
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <Chip.Group
        multiple={false}
        value={activeProviderId ?? ''}
        onChange={(value) => onSelect(value === '' ? null : value)}
      >
        <Group gap={8} wrap="nowrap" role="group" aria-label={t('providers.filterLabel')} pb={2}>
          <Chip value="" variant="outline" radius="xl">
            {t('providers.all')}
          </Chip>
          {providers.map((provider) => (
            <Chip key={provider.id} value={provider.id} variant="outline" radius="xl">
              <Group gap={6} wrap="nowrap" component="span">
                <ProviderAvatar
                  providerId={provider.id}
                  name={provider.name}
                  hasLogo={provider.has_logo}
                  size={18}
                />
                {provider.name}
                {provider.unread_count ? (
                  <Badge size="xs" circle variant="filled" component="span">
                    {provider.unread_count}
                  </Badge>
                ) : null}
              </Group>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </ScrollArea>
  );
});
