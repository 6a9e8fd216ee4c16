import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { translateError } from '../../lib/errors.ts';

export function LoadingState() {
  const { t } = useTranslation();
  return (
    <Group gap="sm" role="status" py="sm">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">{t('common.loading')}</Text>
    </Group>
  );
}

interface ErrorStateProps {
  error: unknown;
  onRetry: () => void;
}

export function ErrorState({ error, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start" role="alert">
      <Text c="var(--mantine-color-error)">{translateError(t, error)}</Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}
