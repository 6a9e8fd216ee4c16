import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { useCancelEmailChangeByLink } from '../api/cancel-email-change-by-link.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';
import { useEmailChangeLink, type EmailChangeLinkKind } from '../api/get-email-change-link.ts';

interface EmailChangeLinkPanelProps {
  kind: EmailChangeLinkKind;
  token: string;
  homeHref: string;
  loginHref: string;
  resetPasswordHref: string;
}

/** The named title and message of what became of a link, or null for any other error. */
function describeLinkError(
  t: TFunction,
  kind: EmailChangeLinkKind,
  error: unknown,
): { title: string; message: string } | null {
  if (hasErrorCode(error, 'TOKEN_INVALID')) {
    return {
      title: t('emailChangeLink.errorTitle.TOKEN_INVALID'),
      message: t('emailChangeLink.tokenInvalid'),
    };
  }
  if (hasErrorCode(error, 'EMAIL_TAKEN')) {
    return {
      title: t('emailChangeLink.errorTitle.EMAIL_TAKEN'),
      message: t('emailChangeLink.taken'),
    };
  }
  if (hasErrorCode(error, 'EMAIL_CHANGE_EXPIRED')) {
    return {
      title: t('emailChangeLink.errorTitle.EMAIL_CHANGE_EXPIRED'),
      message: t('errors.EMAIL_CHANGE_EXPIRED'),
    };
  }
  if (hasErrorCode(error, 'EMAIL_CHANGE_USED')) {
    return {
      title: t('emailChangeLink.errorTitle.EMAIL_CHANGE_USED'),
      message: kind === 'cancel' ? t('emailChangeLink.usedCancel') : t('errors.EMAIL_CHANGE_USED'),
    };
  }
  if (hasErrorCode(error, 'EMAIL_CHANGE_CANCELLED')) {
    return {
      title: t('emailChangeLink.errorTitle.EMAIL_CHANGE_CANCELLED'),
      message: t('errors.EMAIL_CHANGE_CANCELLED'),
    };
  }
  if (hasErrorCode(error, 'EMAIL_CHANGE_REPLACED')) {
    return {
      title: t('emailChangeLink.errorTitle.EMAIL_CHANGE_REPLACED'),
      message: t('errors.EMAIL_CHANGE_REPLACED'),
    };
  }
  return null;
}

function LinkError({ kind, error }: { kind: EmailChangeLinkKind; error: unknown }) {
  const { t } = useTranslation();
  const named = describeLinkError(t, kind, error);
  return (
    <FormAlert tone="error" {...(named ? { title: named.title } : {})}>
      {named ? named.message : translateError(t, error)}
    </FormAlert>
  );
}

/*
 * The success alerts carry their title in the message: the light alert's coloured label is
 * too faint for WCAG contrast in teal.
 */

/**
 * The page of a mailed link: the link to the new address confirms it, the one to the old
 * address stops the change. The link is read first (which uses nothing up), so a mail
 * scanner that opens it changes nothing; the button does.
 */
export function EmailChangeLinkPanel({
  kind,
  token,
  homeHref,
  loginHref,
  resetPasswordHref,
}: EmailChangeLinkPanelProps) {
  const { t } = useTranslation();
  const lookup = useEmailChangeLink(kind, token);
  const confirmation = useConfirmEmailChange();
  const cancellation = useCancelEmailChangeByLink();
  const action = kind === 'confirm' ? confirmation : cancellation;
  const [doneEmail, setDoneEmail] = useState<string | null>(null);

  if (token === '') return <FormAlert tone="error">{t('emailChangeLink.missingToken')}</FormAlert>;

  if (lookup.status === 'pending') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('emailChangeLink.checking')}</Text>
      </Group>
    );
  }

  const toLogin = (
    <Anchor component={Link} to={loginHref} fw={600}>
      {t('emailChangeLink.toLogin')}
    </Anchor>
  );

  if (lookup.status === 'error') {
    return (
      <Stack gap="md">
        <LinkError kind={kind} error={lookup.error} />
        {toLogin}
      </Stack>
    );
  }

  if (doneEmail !== null && kind === 'confirm') {
    return (
      <Stack gap="md">
        <FormAlert tone="success">
          <Text fw={700}>{t('emailChangeLink.confirmedTitle')}</Text>
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('emailChangeLink.confirmed', { email: doneEmail })}
          </Text>
        </FormAlert>
        <Group>
          <Button component={Link} to={homeHref}>
            {t('emailChangeLink.continue')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (doneEmail !== null) {
    return (
      <Stack gap="md">
        <FormAlert tone="success">
          <Text fw={700}>{t('emailChangeLink.cancelledTitle')}</Text>
          <Text>{t('emailChangeLink.cancelled')}</Text>
        </FormAlert>
        <Text>{t('emailChangeLink.cancelledAdvice')}</Text>
        <Group gap="md">
          <Button component={Link} to={resetPasswordHref}>
            {t('emailChangeLink.resetPassword')}
          </Button>
          <Button component={Link} to={homeHref} variant="default">
            {t('emailChangeLink.continue')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const { info } = lookup;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (kind === 'confirm') {
      confirmation.run(token, { onSuccess: (confirmed) => setDoneEmail(confirmed.email) });
    } else {
      cancellation.run(token, { onSuccess: () => setDoneEmail(info.new_email) });
    }
  };
  const title =
    kind === 'confirm' ? t('emailChangeLink.confirmTitle') : t('emailChangeLink.cancelTitle');
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {kind === 'confirm'
            ? t('emailChangeLink.confirmIntro', { email: info.new_email })
            : t('emailChangeLink.cancelIntro', { email: info.new_email })}
        </Text>
        {action.isError ? <LinkError kind={kind} error={action.error} /> : null}
        <Group>
          <Button type="submit" loading={action.isPending}>
            {kind === 'confirm'
              ? t('emailChangeLink.confirmSubmit')
              : t('emailChangeLink.cancelSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
