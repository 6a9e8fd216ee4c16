import { Stack } from '@mantine/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { InvitationPanel } from '../../features/auth/components/mailbox-invitation-panel.tsx';
import { VerifyIdentityButton } from '../../features/identity/components/verify-identity-button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';

/** The link of an invitation e-mail: public, so someone without a login can accept it. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const here = `${location.pathname}${location.search}`;
  return (
    <Stack gap="lg">
      <PageTitle>{t('mailboxInvitation.title')}</PageTitle>
      <InvitationPanel
        token={searchParams.get('token') ?? ''}
        here={here}
        verifyIdentity={<VerifyIdentityButton returnTo={here} />}
        onJoined={() => {
          notify({ type: 'positive', message: t('mailboxInvitation.joined') });
          void navigate(paths.home(), { replace: true });
        }}
      />
    </Stack>
  );
}
