import { Anchor, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';

export interface Crumb {
  label: string;
  /** None: the page itself (the last crumb). */
  href?: string;
}

/** Where in the forms a page sits ("Forms › By provider › Stadtwerke"), each step a link. */
export function FormsBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('forms.browse.breadcrumbs')}>
      <Group
        component="ol"
        gap={6}
        wrap="wrap"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {crumbs.map((crumb, index) => (
          <Group component="li" key={crumb.label} gap={6} wrap="nowrap">
            {index > 0 ? (
              <IconChevronRight size={14} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            ) : null}
            {crumb.href === undefined ? (
              <Text size="sm" c="dimmed" aria-current="page">
                {crumb.label}
              </Text>
            ) : (
              <Anchor component={Link} to={crumb.href} size="sm" fw={600}>
                {crumb.label}
              </Anchor>
            )}
          </Group>
        ))}
      </Group>
    </nav>
  );
}
