import { Box, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ErrorState, LoadingState } from '../../components/ui/query-status.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { EmailAddressCard } from '../../features/email-change/components/email-address-card.tsx';
import { AccessTokensPanel } from '../../features/access-tokens/components/access-tokens-panel.tsx';
import { CalendarFeedSection } from '../../features/calendar/components/calendar-feed-section.tsx';
import { ForwardingSection } from '../../features/forwarding/components/forwarding-section.tsx';
import { DataExportPanel } from '../../features/data-export/components/data-export-panel.tsx';
import { IdentityCard } from '../../features/identity/components/identity-card.tsx';
import { useProfile } from '../../features/profile/api/get-profile.ts';
import { ActiveSessionsList } from '../../features/profile/components/active-sessions-list.tsx';
import { AuditEventsList } from '../../features/profile/components/audit-events-list.tsx';
import { NotificationPreferencesForm } from '../../features/profile/components/notification-preferences-form.tsx';
import { PostalAddressForm } from '../../features/profile/components/postal-address-form.tsx';
import { PasswordChangeForm } from '../../features/profile/components/password-change-form.tsx';
import { ProfileDetailsForm } from '../../features/profile/components/profile-details-form.tsx';

export function Component() {
  const { t } = useTranslation();
  const profileQuery = useProfile();
  return (
    <Stack gap="xl" maw={880}>
      <PageTitle>{t('profile.title')}</PageTitle>
      <SectionCard title={t('profile.personal.title')}>
        {profileQuery.isPending ? <LoadingState /> : null}
        {profileQuery.isError ? (
          <ErrorState error={profileQuery.error} onRetry={() => void profileQuery.refetch()} />
        ) : null}
        {profileQuery.isSuccess ? <ProfileDetailsForm profile={profileQuery.data} /> : null}
      </SectionCard>
      <SectionCard title={t('emailChange.title')} description={t('emailChange.intro')}>
        {profileQuery.isSuccess ? <EmailAddressCard email={profileQuery.data.email} /> : null}
      </SectionCard>
      <SectionCard title={t('profile.address.title')} description={t('profile.address.intro')}>
        {profileQuery.isSuccess ? <PostalAddressForm profile={profileQuery.data} /> : null}
      </SectionCard>
      <SectionCard title={t('mailboxes.title')} description={t('mailboxes.profileIntro')}>
        <Group>
          <Button component={Link} to={paths.profileMailboxes()} variant="default">
            {t('mailboxes.open')}
          </Button>
        </Group>
      </SectionCard>
      <SectionCard title={t('identity.title')} description={t('identity.intro')}>
        <IdentityCard
          profileName={
            profileQuery.isSuccess
              ? `${profileQuery.data.first_name} ${profileQuery.data.last_name}`
              : undefined
          }
        />
      </SectionCard>
      <SectionCard title={t('profile.password.title')}>
        <PasswordChangeForm />
      </SectionCard>
      <SectionCard
        title={t('profile.notifications.title')}
        description={t('profile.notifications.intro')}
      >
        <NotificationPreferencesForm />
      </SectionCard>
      <SectionCard title={t('forwarding.title')} description={t('forwarding.intro')}>
        <ForwardingSection />
      </SectionCard>
      <SectionCard title={t('calendar.title')} description={t('calendar.intro')}>
        <CalendarFeedSection />
      </SectionCard>
      <SectionCard title={t('profile.sessions.title')} description={t('profile.sessions.intro')}>
        <ActiveSessionsList />
      </SectionCard>
      <SectionCard title={t('accessTokens.title')} description={t('accessTokens.intro')}>
        <AccessTokensPanel />
      </SectionCard>
      <SectionCard title={t('profile.audit.title')}>
        <AuditEventsList />
      </SectionCard>
      <SectionCard title={t('accountDeletion.title')} description={t('accountDeletion.intro')}>
        <Group>
          <Button component={Link} to={paths.profileDeleteAccount()} variant="default">
            {t('accountDeletion.open')}
          </Button>
        </Group>
      </SectionCard>
      {/* The e-mail that says an export is ready links here. */}
      <Box id="data-export">
        <SectionCard title={t('dataExport.title')} description={t('dataExport.intro')}>
          <DataExportPanel />
        </SectionCard>
      </Box>
      <SectionCard
        title={t('profile.verifyDocument.title')}
        description={t('profile.verifyDocument.intro')}
      >
        <Group>
          <Button component={Link} to={paths.verifyDocument()} variant="default">
            {t('profile.verifyDocument.open')}
          </Button>
        </Group>
      </SectionCard>
    </Stack>
  );
}
