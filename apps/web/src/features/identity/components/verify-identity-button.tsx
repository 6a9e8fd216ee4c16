import { Button, Stack, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useStartVerification } from '../api/start-verification.ts';

/**
 * "Verify your identity" from elsewhere than the profile: the same verification, and the
 * result page offers to go back to `returnTo`.
 */
export function VerifyIdentityButton({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const start = useStartVerification(returnTo);
  // Leaving for the provider: the button stays busy until the page is gone.
  const isLeaving = start.isPending || start.isSuccess;
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        leftSection={<IconId size={18} aria-hidden="true" />}
        size="md"
        loading={isLeaving}
        onClick={() => start.mutate()}
      >
        {t('identity.verify')}
      </Button>
      {start.isError ? (
        <Text role="alert" c="var(--mantine-color-error)">
          {translateError(t, start.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
