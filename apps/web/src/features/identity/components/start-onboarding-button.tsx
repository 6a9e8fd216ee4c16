import { Button, Stack, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useState } from 'react';
import {
  leaveForOnboardingVerification,
  useStartOnboardingVerification,
} from '../api/onboarding-verification.ts';

/** "Verify your identity" on an onboarding link's page: bound to the link, no login. */
export function StartOnboardingButton({ token }: { token: string }) {
  const { t } = useTranslation();
  const start = useStartOnboardingVerification();
  // Leaving for the provider: the button stays busy until the page is gone.
  const [isLeaving, setLeaving] = useState(false);
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        leftSection={<IconId size={18} aria-hidden="true" />}
        size="md"
        loading={start.isPending || isLeaving}
        onClick={() =>
          start.run(token, {
            onSuccess: ({ authorization_url }) => {
              setLeaving(true);
              leaveForOnboardingVerification(token, authorization_url);
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
