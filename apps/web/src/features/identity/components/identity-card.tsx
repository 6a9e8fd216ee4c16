import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconId } from '@tabler/icons-react';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { useIdentity } from '../api/get-identity.ts';
import { useStartVerification } from '../api/start-verification.ts';
import { IdentityFacts } from './identity-facts.tsx';
import { TestIdentityNote } from './test-identity-note.tsx';

/** yellow.9 is too light for 4.5:1 on the light yellow alert (see app/theme.ts). */
const NOTICE_TEXT = 'var(--kuvert-color-notice-text)';

const normalise = (name: string) => name.trim().replace(/\s+/g, ' ');

/** Names compare as a person reads them: case, spacing and accents aside. */
function isSameName(a: string, b: string): boolean {
  return normalise(a).localeCompare(normalise(b), undefined, { sensitivity: 'base' }) === 0;
}

interface IdentityCardProps {
  /** The name the profile gives, compared with the verified one. */
  profileName: string | undefined;
}

/** The profile's "Identity": what was verified, and the way to verify (again). */
export function IdentityCard({ profileName }: IdentityCardProps) {
  const { t } = useTranslation();
  const identityQuery = useIdentity();
  const start = useStartVerification();
  if (identityQuery.isPending) return <LoadingState />;
  if (identityQuery.isError) {
    return <ErrorState error={identityQuery.error} onRetry={() => void identityQuery.refetch()} />;
  }
  const { identity } = identityQuery.data;
  // Leaving for the provider: the button stays busy until the page is gone.
  const isLeaving = start.isPending || start.isSuccess;
  return (
    <Stack gap="md">
      {identity ? (
        <>
          <IdentityFacts identity={identity} />
          {identity.is_test ? <TestIdentityNote /> : null}
          {profileName !== undefined && !isSameName(identity.name, profileName) ? (
            <Alert
              variant="light"
              color="yellow"
              icon={<IconAlertTriangle size={18} aria-hidden="true" />}
              title={t('identity.nameDiffers.title')}
              styles={{ title: { color: NOTICE_TEXT }, icon: { color: NOTICE_TEXT } }}
            >
              {t('identity.nameDiffers.text', { verified: identity.name, profile: profileName })}
            </Alert>
          ) : null}
        </>
      ) : (
        <Text>{t('identity.notVerified')}</Text>
      )}
      {start.isError ? (
        <Text role="alert" c="var(--mantine-color-error)">
          {translateError(t, start.error)}
        </Text>
      ) : null}
      <Group>
        <Button
          leftSection={<IconId size={18} aria-hidden="true" />}
          variant={identity ? 'default' : 'filled'}
          loading={isLeaving}
          onClick={() => start.mutate()}
        >
          {identity ? t('identity.verifyAgain') : t('identity.verify')}
        </Button>
      </Group>
    </Stack>
  );
}
