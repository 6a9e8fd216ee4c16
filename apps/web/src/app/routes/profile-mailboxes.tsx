import { Badge, Group, Stack } from '@mantine/core';
import { BackLink } from '../../components/layouts/back-link.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { paths } from '../../config/paths.ts';
import { CreateMailboxForm } from '../../features/members/components/create-mailbox-form.tsx';
import { MailboxMembersPanel } from '../../features/members/components/mailbox-members-panel.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

/** Profile → Mailboxes: each of my mailboxes with my role and its members. */
export function Component() {
  const { t } = useTranslation();
  const { accounts } = useSession();
  return (
    <Stack gap="xl" maw={880}>
      <BackLink fallbackHref={paths.profile()} label={t('pages.profile')} />
      <PageTitle>{t('mailboxes.title')}</PageTitle>
      <SectionCard title={t('mailboxes.create.title')} description={t('mailboxes.create.intro')}>
        <CreateMailboxForm />
      </SectionCard>
      {accounts.map((account) => (
        <SectionCard
          key={account.id}
          title={account.name}
          description={t(`mailboxes.kind.${account.is_own ? 'own' : account.kind}`)}
        >
          <Group gap="xs">
            <Badge variant="light" data-testid="my-role">
              {t('mailboxes.myRole', { role: t(`mailboxes.roles.${account.role}`) })}
            </Badge>
          </Group>
          <MailboxMembersPanel accountId={account.id} />
        </SectionCard>
      ))}
    </Stack>
  );
}
