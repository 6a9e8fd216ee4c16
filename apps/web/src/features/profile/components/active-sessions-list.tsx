import { Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ActiveSession } from '@kuvert/shared/profile';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { translateError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { describeUserAgent } from '../../../lib/user-agent.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useLogOutOtherSessions } from '../api/log-out-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';

export function ActiveSessionsList() {
  const { t } = useTranslation();
  const sessionsQuery = useSessions();
  const { loginToken } = useSession();

  if (sessionsQuery.isPending) return <LoadingState />;
  if (sessionsQuery.isError) {
    return <ErrorState error={sessionsQuery.error} onRetry={() => void sessionsQuery.refetch()} />;
  }

  // This device first: it is the one the user recognises.
  const isThisDevice = (session: ActiveSession) => session.is_current || session.id === loginToken;
  const sessions = sessionsQuery.data.sessions.toSorted(
    (a, b) => Number(isThisDevice(b)) - Number(isThisDevice(a)),
  );
  return (
    <Stack gap={0}>
      {sessions.map((session, index) => (
        <Fragment key={session.id}>
          {index > 0 ? <Divider my="sm" /> : null}
          <SessionRow session={session} isThisDevice={isThisDevice(session)} />
        </Fragment>
      ))}
      {sessions.every(isThisDevice) ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('profile.sessions.none')}
        </Text>
      ) : (
        <LogOutOthersButton />
      )}
    </Stack>
  );
}

/** One click instead of one per device: after a lost phone, every other session at once. */
function LogOutOthersButton() {
  const { t } = useTranslation();
  const mutation = useLogOutOtherSessions();
  const logOutOthers = () =>
    mutation.mutateAsync().then(
      () => notify({ type: 'positive', message: t('profile.sessions.revokedOthers') }),
      (error: unknown) => notify({ type: 'negative', message: translateError(t, error) }),
    );
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="light" color="red.9" onClick={logOutOthers} loading={mutation.isPending}>
        {t('profile.sessions.revokeOthers')}
      </Button>
    </Group>
  );
}

function SessionRow({ session, isThisDevice }: { session: ActiveSession; isThisDevice: boolean }) {
  const { t } = useTranslation();
  const revokeMutation = useRevokeSession();
  const device = describeUserAgent(session.user_agent) ?? t('profile.sessions.unknownDevice');

  // mutateAsync, not mutate's callbacks: the refetch after success removes this row, and
  // TanStack Query drops per-call callbacks of an unmounted component.
  const revoke = () =>
    revokeMutation.mutateAsync(session.id).then(
      () => notify({ type: 'positive', message: t('profile.sessions.revoked') }),
      (error: unknown) => notify({ type: 'negative', message: translateError(t, error) }),
    );

  return (
    <Group
      justify="space-between"
      align="center"
      wrap="nowrap"
      gap="md"
      data-session-id={session.id}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
        <IconDeviceDesktop size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{device}</Text>
            {isThisDevice ? (
              <Badge variant="filled" color="teal.9" size="sm">
                {t('profile.sessions.thisDevice')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('profile.sessions.details', {
              created: formatDateTime(session.created_at),
              lastSeen: formatDateTime(session.last_seen_at),
              ip: session.ip_address,
            })}
          </Text>
        </Stack>
      </Group>
      {isThisDevice ? null : (
        <Button
          variant="default"
          size="xs"
          onClick={revoke}
          loading={revokeMutation.isPending}
          // The device's details wrap; the button's word does not (German "Abmelden").
          style={{ flexShrink: 0 }}
          aria-label={t('profile.sessions.revokeLabel', { device })}
        >
          {t('profile.sessions.revoke')}
        </Button>
      )}
    </Group>
  );
}
