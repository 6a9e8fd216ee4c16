import { Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';

/** The sandbox bank moves no money; say so wherever one of its payments shows. */
export function TestModeNote() {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="test-mode-note">
      <IconFlask size={16} aria-hidden="true" color="var(--mantine-color-grape-8)" />
      <Text size="xs" c="var(--mantine-color-grape-light-color)">
        {t('invoices.state.testMode')}
      </Text>
    </Group>
  );
}
