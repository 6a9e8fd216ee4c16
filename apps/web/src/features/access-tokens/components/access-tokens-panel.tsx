import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import type { AccessToken, CreatedAccessToken } from '@kuvert/shared/access-tokens';
import { API_DOCS_PATH } from '@kuvert/shared/constants';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { translateError } from '../../../lib/errors.ts';
import { formatDate, formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccessTokens } from '../api/get-access-tokens.ts';
import { useRevokeAccessToken } from '../api/revoke-access-token.ts';
import { CreateAccessTokenForm } from './create-access-token-form.tsx';
import { NewAccessToken } from './new-access-token.tsx';

/**
 * The profile's "Access tokens": make one for a script (shown once), see which exist and when
 * each was last used, revoke one.
 */
export function AccessTokensPanel() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  return (
    <Stack gap="lg">
      <Text size="sm">
        {t('accessTokens.docs')}{' '}
        <Anchor href={API_DOCS_PATH} target="_blank" rel="noopener" underline="always">
          {t('accessTokens.docsLink')}
        </Anchor>
      </Text>
      {created ? (
        <NewAccessToken created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateAccessTokenForm onCreated={setCreated} />
      )}
      <AccessTokenList />
    </Stack>
  );
}

function AccessTokenList() {
  const { t } = useTranslation();
  const tokensQuery = useAccessTokens();
  const revokeMutation = useRevokeAccessToken();
  const [pending, setPending] = useState<AccessToken | null>(null);

  if (tokensQuery.isPending) return <LoadingState />;
  if (tokensQuery.isError) {
    return <ErrorState error={tokensQuery.error} onRetry={() => void tokensQuery.refetch()} />;
  }
  const { tokens } = tokensQuery.data;

  // mutateAsync: the refetch after success removes the row, and with it per-call callbacks.
  const revoke = (token: AccessToken) =>
    revokeMutation.mutateAsync(token.id).then(
      () => {
        setPending(null);
        notify({ type: 'positive', message: t('accessTokens.revoked', { name: token.name }) });
      },
      (error: unknown) => {
        setPending(null);
        notify({ type: 'negative', message: translateError(t, error) });
      },
    );

  return (
    <Stack gap={0} aria-label={t('accessTokens.listTitle')} component="section">
      <Text fw={600} mb="sm">
        {t('accessTokens.listTitle')}
      </Text>
      {tokens.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('accessTokens.none')}
        </Text>
      ) : null}
      {tokens.map((token, index) => (
        <Fragment key={token.id}>
          {index > 0 ? <Divider my="sm" /> : null}
          <TokenRow token={token} onRevoke={() => setPending(token)} />
        </Fragment>
      ))}
      <ConfirmDialog
        opened={pending !== null}
        title={t('accessTokens.confirm.title')}
        message={pending ? t('accessTokens.confirm.message', { name: pending.name }) : ''}
        confirmLabel={t('accessTokens.confirm.confirm')}
        cancelLabel={t('accessTokens.confirm.cancel')}
        isDestructive
        isPending={revokeMutation.isPending}
        onConfirm={() => {
          if (pending) void revoke(pending);
        }}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center" gap="sm" data-token-id={token.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
        <IconKey size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Text>
          <Text size="sm" fw={500}>
            {t(`accessTokens.scope.${token.scope}`)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('accessTokens.details', {
              prefix: `${token.prefix}…`,
              created: formatDate(token.created_at),
              // expires_at is the first moment after the last day the token works.
              expires: formatDate(Date.parse(token.expires_at) - 1),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {token.last_used_at
              ? t('accessTokens.lastUsed', { when: formatDateTime(token.last_used_at) })
              : t('accessTokens.neverUsed')}
          </Text>
        </Stack>
      </Group>
      <Button
        variant="default"
        size="xs"
        onClick={onRevoke}
        style={{ flexShrink: 0 }}
        aria-label={t('accessTokens.revokeLabel', { name: token.name })}
      >
        {t('accessTokens.revoke')}
      </Button>
    </Group>
  );
}
