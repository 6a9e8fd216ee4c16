import { Anchor, Flex, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconForms, IconInbox, IconMoodEmpty } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FormProviderPage } from '@kuvert/shared/forms';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormProvider } from '../api/get-form-provider.ts';
import { VerifiedMark } from './form-card.tsx';
import { FormGrid, FormGridSkeleton } from './form-grid.tsx';
import { FormsBreadcrumbs } from './forms-breadcrumbs.tsx';
import { providerCategoryLabel } from './provider-category.ts';

/** /forms/search/by-provider/:id: who the provider is, what it sent the user, its forms. */
export function FormProviderView({ providerId }: { providerId: string }) {
  const { t } = useTranslation();
  const page = useFormProvider(providerId);
  const name = page.data?.provider.name;
  return (
    <Stack gap="lg" maw={1040}>
      <FormsBreadcrumbs
        crumbs={[
          { label: t('pages.forms'), href: paths.forms() },
          { label: t('forms.browse.byProvider.link'), href: paths.formsByProvider() },
          { label: name ?? t('pages.formsProvider') },
        ]}
      />
      {page.isError && hasErrorCode(page.error, 'NOT_FOUND') ? (
        <>
          <PageTitle>{t('pages.formsProvider')}</PageTitle>
          <EmptyState
            icon={<IconMoodEmpty size={32} />}
            title={t('forms.browse.provider.notFoundTitle')}
            text={t('forms.browse.provider.notFoundText')}
            action={
              <Anchor component={Link} to={paths.formsByProvider()} fw={600}>
                {t('forms.browse.provider.allProviders')}
              </Anchor>
            }
          />
        </>
      ) : null}
      {page.isError && !hasErrorCode(page.error, 'NOT_FOUND') ? (
        <ErrorState error={page.error} onRetry={() => void page.refetch()} />
      ) : null}
      {page.isPending ? (
        <Stack gap="lg" role="status" aria-label={t('common.loading')}>
          <Skeleton height={112} radius="lg" />
          <FormGridSkeleton />
        </Stack>
      ) : null}
      {page.data !== undefined ? <ProviderPage page={page.data} /> : null}
    </Stack>
  );
}

function ProviderPage({ page }: { page: FormProviderPage }) {
  const { t } = useTranslation();
  const { provider, forms, letter_count: letterCount } = page;
  const category = providerCategoryLabel(t, provider.category);
  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Flex
          gap={{ base: 'md', sm: 'lg' }}
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'flex-start', sm: 'center' }}
        >
          <ProviderAvatar
            providerId={provider.id}
            name={provider.name}
            hasLogo={provider.logo_url !== null}
            size={72}
          />
          <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
            <PageTitle aside={provider.verified ? <VerifiedMark size={22} /> : undefined}>
              {provider.name}
            </PageTitle>
            {category ? <Text c="dimmed">{category}</Text> : null}
            <Group gap={8} wrap="nowrap" align="flex-start" mt={4}>
              <IconInbox size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm">
                {letterCount === 0
                  ? t('forms.browse.provider.noLetters')
                  : t('forms.browse.provider.letters', { count: letterCount })}{' '}
                {letterCount > 0 ? (
                  <Anchor
                    component={Link}
                    to={paths.inboxByProvider(provider.id)}
                    size="sm"
                    fw={600}
                  >
                    {t('forms.browse.provider.showLetters')}
                  </Anchor>
                ) : null}
              </Text>
            </Group>
          </Stack>
        </Flex>
      </Paper>
      <Stack gap="md" component="section" aria-labelledby="provider-forms">
        <Title order={2} fz="h4" id="provider-forms">
          {t('forms.browse.provider.formsTitle')}
        </Title>
        {forms.length === 0 ? (
          <EmptyState
            icon={<IconForms size={32} />}
            title={t('forms.browse.provider.noFormsTitle')}
            text={t('forms.browse.provider.noFormsText', { name: provider.name })}
          />
        ) : (
          <FormGrid
            forms={forms}
            showProvider={false}
            label={t('forms.browse.provider.formsLabel', { name: provider.name })}
          />
        )}
      </Stack>
    </>
  );
}
