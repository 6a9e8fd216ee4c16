import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconCategory, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';

function BrowseLink({
  href,
  icon,
  title,
  detail,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  detail: string;
}) {
  return (
    <UnstyledButton
      component={Link}
      to={href}
      style={{ borderRadius: 'var(--mantine-radius-lg)', display: 'block' }}
    >
      <Paper withBorder radius="lg" p="md" h="100%">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon variant="light" size={44} radius="xl" aria-hidden="true">
            {icon}
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          </Stack>
          <IconChevronRight
            size={20}
            color="var(--mantine-color-gray-6)"
            aria-hidden="true"
            style={{ flexShrink: 0 }}
          />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** The two ways to look through every form: by who publishes it, by what it is for. */
export function BrowseLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('forms.browse.browseLabel')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <BrowseLink
          href={paths.formsByProvider()}
          icon={<IconBuildingStore size={22} />}
          title={t('forms.browse.byProvider.link')}
          detail={t('forms.browse.byProvider.linkDetail')}
        />
        <BrowseLink
          href={paths.formsByUseCase()}
          icon={<IconCategory size={22} />}
          title={t('forms.browse.byUseCase.link')}
          detail={t('forms.browse.byUseCase.linkDetail')}
        />
      </SimpleGrid>
    </nav>
  );
}
