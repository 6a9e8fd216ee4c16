import { Anchor, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { InvitationInfo } from '@kuvert/shared/members';
import { NAME_MAX_LENGTH } from '@kuvert/shared/limits';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { setSelectedAccountId, startSession, useSession } from '../../../lib/session.ts';
import { getSession } from '../api/get-session.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useNewPasswordCheck } from '../hooks/use-new-password-check.ts';
import {
  useAcceptInvitation,
  useAcceptInvitationAsNewUser,
  useInvitationInfo,
  useLogOutHere,
} from '../api/mailbox-invitation.ts';

const unusableCodes = [
  'INVITATION_USED',
  'INVITATION_EXPIRED',
  'INVITATION_REVOKED',
  'TOKEN_INVALID',
] as const;

interface InvitationPanelProps {
  token: string;
  /** The address of this page, for the login page to come back to. */
  here: string;
  onJoined: () => void;
  /** "Verify your identity", coming back to this page: for an invitation that requires it. */
  verifyIdentity: ReactNode;
}

/** Opens the mailbox joined: the session is read anew (its mailboxes), and that one shown. */
async function enterMailbox(accountId: string): Promise<void> {
  startSession(await getSession());
  setSelectedAccountId(accountId);
}

/** The e-mail's link: what the invitation offers, then accept (logged in) or sign up. */
export function InvitationPanel({ token, here, onJoined, verifyIdentity }: InvitationPanelProps) {
  const { t } = useTranslation();
  const lookup = useInvitationInfo(token);

  if (token === '') {
    return <FormAlert tone="error">{t('mailboxInvitation.missingToken')}</FormAlert>;
  }
  if (lookup.status === 'pending') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('mailboxInvitation.checking')}</Text>
      </Group>
    );
  }
  if (lookup.status === 'error') {
    const isUnusable = unusableCodes.some((code) => hasErrorCode(lookup.error, code));
    return (
      <Stack gap="md">
        <FormAlert
          tone="error"
          {...(isUnusable ? { title: t('mailboxInvitation.unusableTitle') } : {})}
        >
          {translateError(t, lookup.error)}
        </FormAlert>
        <Anchor component={Link} to={paths.home()} fw={600}>
          {t('mailboxInvitation.toKuvert')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <InvitationOffer
      token={token}
      info={lookup.info}
      here={here}
      onJoined={onJoined}
      verifyIdentity={verifyIdentity}
    />
  );
}

function InvitationOffer({
  token,
  info,
  here,
  onJoined,
  verifyIdentity,
}: {
  token: string;
  info: InvitationInfo;
  here: string;
  onJoined: () => void;
  verifyIdentity: ReactNode;
}) {
  const { t } = useTranslation();
  // Read from the session store, so logging out here shows the offer for a visitor at once.
  const loggedIn = useSession().isLoggedIn;
  return (
    <Stack gap="md">
      <Text>
        {t('mailboxInvitation.offer', {
          inviter: info.inviter_name,
          mailbox: info.mailbox_name,
        })}
      </Text>
      <Stack gap={4} component="dl" m={0}>
        <Text component="dt" fw={600} size="sm">
          {t('mailboxInvitation.mailbox')}
        </Text>
        <Text component="dd" m={0} data-testid="invitation-mailbox">
          {info.mailbox_name}
        </Text>
        <Text component="dt" fw={600} size="sm">
          {t('mailboxInvitation.inviter')}
        </Text>
        <Text component="dd" m={0}>
          {info.inviter_name}
        </Text>
        <Text component="dt" fw={600} size="sm">
          {t('mailboxInvitation.role')}
        </Text>
        <Text component="dd" m={0}>
          {t(`mailboxInvitation.roles.${info.role}`)}
        </Text>
        {info.access_until ? (
          <>
            <Text component="dt" fw={600} size="sm">
              {t('mailboxInvitation.until')}
            </Text>
            <Text component="dd" m={0}>
              {formatCalendarDate(info.access_until)}
            </Text>
          </>
        ) : null}
      </Stack>
      {info.requires_identity ? (
        <Stack gap={4} data-testid="invitation-identity-required">
          <Text fw={600}>{t('mailboxInvitation.identityRequiredTitle')}</Text>
          <Text>
            {loggedIn
              ? t('mailboxInvitation.identityRequiredLoggedIn')
              : info.has_account
                ? t('mailboxInvitation.identityRequiredLogIn')
                : t('mailboxInvitation.identityRequiredSignUp')}
          </Text>
        </Stack>
      ) : null}
      {loggedIn ? (
        <AcceptAsUser
          token={token}
          email={info.email}
          onJoined={onJoined}
          verifyIdentity={info.requires_identity ? verifyIdentity : null}
        />
      ) : null}
      {!loggedIn && info.has_account ? (
        <Stack gap="xs">
          <Text>{t('mailboxInvitation.logInFirst', { email: info.email })}</Text>
          <Button component={Link} to={paths.login(here)} size="md">
            {t('mailboxInvitation.logIn')}
          </Button>
        </Stack>
      ) : null}
      {!loggedIn && !info.has_account ? (
        <SignUpAndAccept token={token} info={info} onJoined={onJoined} />
      ) : null}
    </Stack>
  );
}

function AcceptAsUser({
  token,
  email,
  onJoined,
  verifyIdentity,
}: {
  token: string;
  email: string;
  onJoined: () => void;
  /** Shown when the invitation requires a verified identity: verify first, then accept. */
  verifyIdentity: ReactNode;
}) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation();
  const logOut = useLogOutHere();
  const [isEntering, setEntering] = useState(false);
  if (accept.isError && hasErrorCode(accept.error, 'INVITATION_FOR_OTHER_USER')) {
    return (
      <Stack gap="sm">
        <FormAlert tone="error" title={t('mailboxInvitation.otherPersonTitle')}>
          {t('mailboxInvitation.otherPerson', { email })}
        </FormAlert>
        <Button
          size="md"
          variant="default"
          loading={logOut.isPending}
          onClick={() => logOut.run(undefined)}
        >
          {t('mailboxInvitation.logOut')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {accept.isError ? (
        <FormAlert tone="error">{translateError(t, accept.error)}</FormAlert>
      ) : null}
      {verifyIdentity}
      <Button
        size="md"
        variant={verifyIdentity === null ? 'filled' : 'default'}
        loading={accept.isPending || isEntering}
        onClick={() =>
          accept.run(token, {
            onSuccess: ({ account_id }) => {
              if (account_id === null) return;
              setEntering(true);
              void enterMailbox(account_id).then(onJoined, onJoined);
            },
          })
        }
      >
        {t('mailboxInvitation.accept')}
      </Button>
    </Stack>
  );
}

interface SignUpErrors {
  firstName?: string;
  password?: string;
  confirm?: string;
}

function SignUpAndAccept({
  token,
  info,
  onJoined,
}: {
  token: string;
  info: InvitationInfo;
  onJoined: () => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptInvitationAsNewUser();
  const checkNewPassword = useNewPasswordCheck();
  const [fieldErrors, setFieldErrors] = useState<SignUpErrors>({});
  const [isEntering, setEntering] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const firstName = readTextField(form, 'firstName').trim();
    const password = readTextField(form, 'password');
    const errors: SignUpErrors = {
      ...(firstName === '' ? { firstName: t('validation.required') } : {}),
      ...checkNewPassword(password, readTextField(form, 'confirm')),
    };
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    accept.run(
      {
        token,
        first_name: firstName,
        last_name: readTextField(form, 'lastName').trim(),
        password,
      },
      {
        onSuccess: ({ account_id }) => {
          setEntering(true);
          if (account_id === null) {
            // Logged in, not joined yet: the page now offers to verify, then to accept.
            void getSession().then(startSession, () => setEntering(false));
            return;
          }
          void enterMailbox(account_id).then(onJoined, onJoined);
        },
        onError: (error) => {
          if (hasErrorCode(error, 'PASSWORD_TOO_WEAK')) {
            setFieldErrors({ password: t('errors.PASSWORD_TOO_WEAK') });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('mailboxInvitation.signUpTitle')}>
      <Stack gap="md">
        <Text>{t('mailboxInvitation.signUpIntro', { email: info.email })}</Text>
        {accept.isError ? (
          <FormAlert tone="error">{translateError(t, accept.error)}</FormAlert>
        ) : null}
        <Group grow gap="md" align="flex-start" wrap="wrap">
          <TextInput
            name="firstName"
            label={t('verifyEmail.firstName')}
            autoComplete="given-name"
            required
            maxLength={NAME_MAX_LENGTH}
            error={fieldErrors.firstName}
            size="md"
            miw={160}
          />
          <TextInput
            name="lastName"
            label={t('verifyEmail.lastName')}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            size="md"
            miw={160}
          />
        </Group>
        <NewPasswordFields
          passwordLabel={t('verifyEmail.password')}
          confirmLabel={t('verifyEmail.confirm')}
          passwordError={fieldErrors.password}
          confirmError={fieldErrors.confirm}
        />
        {/* The label wraps on a phone rather than being cut off (German is long). */}
        <Button
          type="submit"
          size="md"
          fullWidth
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          loading={accept.isPending || isEntering}
        >
          {info.requires_identity
            ? t('mailboxInvitation.signUpFirst')
            : t('mailboxInvitation.signUpAndAccept')}
        </Button>
      </Stack>
    </form>
  );
}
