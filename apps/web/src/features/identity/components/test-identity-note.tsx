import { Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';

/** The built-in test provider checks nobody; say so wherever its result shows. */
export function TestIdentityNote() {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconFlask size={16} aria-hidden="true" color="var(--mantine-color-grape-8)" />
      <Text size="sm" c="var(--mantine-color-grape-light-color)">
        {t('identity.testNote')}
      </Text>
    </Group>
  );
}
