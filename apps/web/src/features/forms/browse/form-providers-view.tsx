import {
  Badge,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconBuildingStore, IconChevronRight, IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FormProviderList } from '@kuvert/shared/forms';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormProviders } from '../api/get-form-providers.ts';
import { VerifiedMark } from './form-card.tsx';
import { FormsBreadcrumbs } from './forms-breadcrumbs.tsx';
import { matchesName } from './match-name.ts';
import { providerCategoryLabel } from './provider-category.ts';

type ProviderWithCount = FormProviderList['items'][number];

/** /forms/search/by-provider: every provider that publishes forms, filtered by name. */
export function FormProvidersView() {
  const { t } = useTranslation();
  const providers = useFormProviders();
  const [filter, setFilter] = useState('');
  const items = providers.data?.items ?? [];
  const shown = items.filter((provider) => matchesName(provider.name, filter));
  return (
    <Stack gap="lg" maw={960}>
      <FormsBreadcrumbs
        crumbs={[
          { label: t('pages.forms'), href: paths.forms() },
          { label: t('forms.browse.byProvider.link') },
        ]}
      />
      <Stack gap={4}>
        <PageTitle>{t('pages.formsByProvider')}</PageTitle>
        <Text c="dimmed">{t('forms.browse.byProvider.intro')}</Text>
      </Stack>
      {providers.isError ? (
        <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />
      ) : null}
      {providers.isPending ? (
        <Stack gap="sm" role="status" aria-label={t('common.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={72} radius="lg" />
          ))}
        </Stack>
      ) : null}
      {providers.data !== undefined && items.length === 0 ? (
        <EmptyState
          icon={<IconBuildingStore size={32} />}
          title={t('forms.browse.byProvider.emptyTitle')}
          text={t('forms.browse.byProvider.emptyText')}
        />
      ) : null}
      {items.length > 0 ? (
        <>
          <TextInput
            type="search"
            label={t('forms.browse.byProvider.filter')}
            placeholder={t('forms.browse.byProvider.filterPlaceholder')}
            leftSection={<IconFilter size={16} aria-hidden="true" />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            maw={420}
          />
          {shown.length === 0 ? (
            <Text c="dimmed" role="status">
              {t('forms.browse.byProvider.noMatch', { filter: filter.trim() })}
            </Text>
          ) : (
            <ProviderList providers={shown} />
          )}
        </>
      ) : null}
    </Stack>
  );
}

function ProviderList({ providers }: { providers: readonly ProviderWithCount[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label={t('forms.browse.byProvider.listLabel')}
      >
        {providers.map((provider) => {
          const category = providerCategoryLabel(t, provider.category);
          return (
            <li
              key={provider.id}
              data-provider-id={provider.id}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <UnstyledButton
                component={Link}
                to={paths.formsProvider(provider.id)}
                px={{ base: 'sm', sm: 'md' }}
                py="sm"
                style={{ display: 'block', width: '100%' }}
              >
                <Group gap="md" wrap="nowrap">
                  <ProviderAvatar
                    providerId={provider.id}
                    name={provider.name}
                    hasLogo={provider.logo_url !== null}
                    size={44}
                  />
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} truncate>
                        {provider.name}
                      </Text>
                      {provider.verified ? <VerifiedMark /> : null}
                    </Group>
                    {category ? (
                      <Text size="sm" c="dimmed" truncate>
                        {category}
                      </Text>
                    ) : null}
                  </Stack>
                  <Badge variant="light" radius="sm" tt="none" fw={600} style={{ flexShrink: 0 }}>
                    {t('forms.browse.formCount', { count: provider.form_count })}
                  </Badge>
                  <IconChevronRight
                    size={20}
                    color="var(--mantine-color-gray-6)"
                    aria-hidden="true"
                    style={{ flexShrink: 0 }}
                  />
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </Paper>
  );
}
