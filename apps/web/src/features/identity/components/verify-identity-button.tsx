import { Button, Stack, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useState } from 'react';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAction } from '../../../lib/use-action.ts';
import { startVerification } from '../api/start-verification.ts';
import { rememberOnboarding, rememberReturnTo } from '../verification-return.ts';

/**
 * "Verify your identity" from elsewhere than the profile: the same verification, and the
 * result page offers to go back to `returnTo`. Without the query client, so that it also
 * works on the pages before the portal (an invitation's accept page).
 */
export function VerifyIdentityButton({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const start = useAction(startVerification);
  // Leaving for the provider: the button stays busy until the page is gone.
  const [isLeaving, setLeaving] = useState(false);
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        leftSection={<IconId size={18} aria-hidden="true" />}
        size="md"
        loading={start.isPending || isLeaving}
        onClick={() =>
          start.run(undefined, {
            onSuccess: ({ authorization_url }) => {
              setLeaving(true);
              rememberReturnTo(returnTo);
              rememberOnboarding(null);
              window.location.assign(authorization_url);
            },
          })
        }
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
