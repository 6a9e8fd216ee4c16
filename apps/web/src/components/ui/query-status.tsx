import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { translateError } from '../../lib/errors.ts';
import { ApiError } from '../../lib/http.ts';

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

/**
 * What the server refused for good (not found, not allowed, bad input) comes out the same on
 * a second try: only a failure that may pass (offline, a server error, a limit) offers one.
 */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function ErrorState({ error, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start" role="alert">
      <Text c="var(--mantine-color-error)">{translateError(t, error)}</Text>
      {isWorthRetrying(error) ? (
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Stack>
  );
}
