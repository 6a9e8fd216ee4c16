import {
  Badge,
  Button,
  Divider,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Fragment, useState } from 'react';
import { accountRoles, type AccountRole } from '@kuvert/shared/accounts';
import {
  canManageMembers,
  type MailboxInvitation,
  type MailboxMember,
  type MailboxMembers,
} from '@kuvert/shared/members';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useChangeMember,
  useHandOver,
  useLeaveMailbox,
  useRemoveMember,
  useRevokeInvitation,
} from '../api/change-members.ts';
import { useMailboxMembers } from '../api/get-mailbox-members.ts';
import { InviteMemberForm } from './invite-member-form.tsx';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

function isRole(value: string): value is AccountRole {
  return accountRoles.some((role) => role === value);
}

/** Owners who have access now: the last of them stays. */
function currentOwnerCount(members: readonly MailboxMember[]): number {
  return members.filter((member) => member.role === 'owner' && member.is_current).length;
}

type Pending = { kind: 'remove' | 'handOver' | 'leave'; member: MailboxMember } | null;

/** The members of one mailbox; its owners manage them here, anyone may leave. */
export function MailboxMembersPanel({ accountId }: { accountId: string }) {
  const query = useMailboxMembers(accountId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <MembersOf data={query.data} accountId={accountId} />;
}

function MembersOf({ data, accountId }: { data: MailboxMembers; accountId: string }) {
  const { t } = useTranslation();
  const manages = canManageMembers(data.account.role);
  const owners = currentOwnerCount(data.members);
  const remove = useRemoveMember(accountId);
  const handOver = useHandOver(accountId);
  const leave = useLeaveMailbox(accountId);
  const [pending, setPending] = useState<Pending>(null);
  const onError = (error: unknown) =>
    notify({ type: 'negative', message: translateError(t, error) });

  const confirm = () => {
    if (!pending) return;
    const done = { onSettled: () => setPending(null), onError };
    if (pending.kind === 'remove') remove.mutate(pending.member.user_id, done);
    if (pending.kind === 'handOver') handOver.mutate(pending.member.user_id, done);
    if (pending.kind === 'leave') leave.mutate(undefined, done);
  };

  return (
    <Stack gap="md">
      <Stack gap={0} component="ul" style={listStyle} aria-label={t('mailboxes.members.title')}>
        {data.members.map((member, index) => (
          <Fragment key={member.user_id}>
            {index > 0 ? <Divider my="xs" component="li" aria-hidden="true" /> : null}
            <MemberRow
              accountId={accountId}
              member={member}
              manages={manages}
              isLastOwner={member.role === 'owner' && member.is_current && owners <= 1}
              onRemove={() => setPending({ kind: 'remove', member })}
              onHandOver={() => setPending({ kind: 'handOver', member })}
              onLeave={() => setPending({ kind: 'leave', member })}
            />
          </Fragment>
        ))}
      </Stack>
      {manages ? (
        <>
          <PendingInvitations accountId={accountId} invitations={data.invitations} />
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t('mailboxes.invite.title')}
            </Title>
            <InviteMemberForm accountId={accountId} />
          </Stack>
        </>
      ) : null}
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? t(`mailboxes.confirm.${pending.kind}Title`) : ''}
        message={
          pending
            ? t(`mailboxes.confirm.${pending.kind}Message`, {
                name: pending.member.name,
                mailbox: data.account.name,
              })
            : ''
        }
        confirmLabel={pending ? t(`mailboxes.confirm.${pending.kind}Confirm`) : ''}
        cancelLabel={t('mailboxes.confirm.cancel')}
        isDestructive={pending?.kind !== 'handOver'}
        isPending={remove.isPending || handOver.isPending || leave.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}

interface MemberRowProps {
  accountId: string;
  member: MailboxMember;
  manages: boolean;
  isLastOwner: boolean;
  onRemove: () => void;
  onHandOver: () => void;
  onLeave: () => void;
}

function MemberRow({
  accountId,
  member,
  manages,
  isLastOwner,
  onRemove,
  onHandOver,
  onLeave,
}: MemberRowProps) {
  const { t } = useTranslation();
  const change = useChangeMember(accountId);
  const [until, setUntil] = useState(member.access_until ?? '');
  const onError = (error: unknown) =>
    notify({ type: 'negative', message: translateError(t, error) });
  const keepsOwnership = member.is_holder || isLastOwner;
  const name = member.is_me ? t('mailboxes.members.me', { name: member.name }) : member.name;

  return (
    <Stack component="li" gap="xs" data-member={member.email}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {member.email}
          </Text>
        </Stack>
        <Group gap="xs">
          {member.is_current ? null : (
            <Badge color="gray" variant="light">
              {t('mailboxes.members.ended')}
            </Badge>
          )}
          {manages ? null : (
            <Text size="sm">
              {t(`mailboxes.roles.${member.role}`)}
              {member.access_until
                ? ` · ${t('mailboxes.members.untilShort', { date: formatCalendarDate(member.access_until) })}`
                : ''}
            </Text>
          )}
        </Group>
      </Group>
      {manages ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('mailboxes.members.role')}
            aria-label={t('mailboxes.members.roleOf', { name: member.name })}
            data={accountRoles.map((value) => ({
              value,
              label: t(`mailboxes.roles.${value}`),
              disabled: keepsOwnership && value !== 'owner',
            }))}
            value={member.role}
            disabled={change.isPending}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isRole(value) && value !== member.role) {
                change.mutate({ userId: member.user_id, change: { role: value } }, { onError });
              }
            }}
            w={200}
          />
          {member.role === 'owner' ? null : (
            <>
              <TextInput
                type="date"
                label={t('mailboxes.members.until')}
                aria-label={t('mailboxes.members.untilOf', { name: member.name })}
                value={until}
                onChange={(event) => setUntil(event.currentTarget.value)}
                w={180}
              />
              <Button
                variant="default"
                loading={change.isPending}
                disabled={until === (member.access_until ?? '')}
                onClick={() =>
                  change.mutate(
                    {
                      userId: member.user_id,
                      change: { access_until: until === '' ? null : until },
                    },
                    {
                      onError,
                      onSuccess: () =>
                        notify({ type: 'positive', message: t('mailboxes.members.untilSaved') }),
                    },
                  )
                }
              >
                {until === '' && member.access_until !== null
                  ? t('mailboxes.members.clearUntil')
                  : t('mailboxes.members.saveUntil')}
              </Button>
            </>
          )}
          {!member.is_me && member.is_current && member.role !== 'owner' ? (
            <Button variant="default" onClick={onHandOver}>
              {t('mailboxes.members.handOver')}
            </Button>
          ) : null}
          {!member.is_me && !keepsOwnership ? (
            <Button variant="outline" color="red.9" onClick={onRemove}>
              {t('mailboxes.members.remove')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {member.is_me && !keepsOwnership ? (
        <Group>
          <Button variant="outline" color="red.9" onClick={onLeave}>
            {t('mailboxes.members.leave')}
          </Button>
        </Group>
      ) : null}
      {member.is_me && keepsOwnership ? (
        <Text size="sm" c="dimmed">
          {member.is_holder ? t('mailboxes.members.holderStays') : t('mailboxes.members.lastOwner')}
        </Text>
      ) : null}
    </Stack>
  );
}

function PendingInvitations({
  accountId,
  invitations,
}: {
  accountId: string;
  invitations: readonly MailboxInvitation[];
}) {
  const { t } = useTranslation();
  const revoke = useRevokeInvitation(accountId);
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t('mailboxes.invitations.title')}
      </Title>
      {invitations.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('mailboxes.invitations.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={listStyle}>
          {invitations.map((invitation) => (
            <Group
              key={invitation.id}
              component="li"
              justify="space-between"
              wrap="wrap"
              data-invitation={invitation.email}
            >
              <Stack gap={0}>
                <Text fw={600}>{invitation.email}</Text>
                <Text size="sm" c="dimmed">
                  {[
                    t(`mailboxes.roles.${invitation.role}`),
                    invitation.access_until
                      ? t('mailboxes.members.untilShort', {
                          date: formatCalendarDate(invitation.access_until),
                        })
                      : null,
                    invitation.requires_identity
                      ? t('mailboxes.invitations.requiresIdentity')
                      : null,
                    t('mailboxes.invitations.expires', {
                      date: formatDateTime(invitation.expires_at),
                    }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Button
                variant="outline"
                color="red.9"
                loading={revoke.isPending && revoke.variables === invitation.id}
                aria-label={t('mailboxes.invitations.revokeFor', { email: invitation.email })}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onError: (error) =>
                      notify({ type: 'negative', message: translateError(t, error) }),
                  })
                }
              >
                {t('mailboxes.invitations.revoke')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
