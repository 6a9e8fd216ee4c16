import { Anchor, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';

export interface Crumb {
  label: string;
  /** None: the page itself (the last crumb). */
  href?: string;
}

/** Where a page sits among the files ("Files › Tax return 2026 › Notice"), each step a link. */
export function CaseFileBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('caseFiles.breadcrumbs')}>
      <Group
        component="ol"
        gap={6}
        wrap="wrap"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {crumbs.map((crumb, index) => (
          <Group
            component="li"
            key={`${index}-${crumb.label}`}
            gap={6}
            wrap="nowrap"
            style={{ minWidth: 0, maxWidth: '100%' }}
          >
            {index > 0 ? (
              <IconChevronRight
                size={14}
                aria-hidden="true"
                color="var(--mantine-color-dimmed)"
                style={{ flex: 'none' }}
              />
            ) : null}
            {crumb.href === undefined ? (
              <Text size="sm" c="dimmed" aria-current="page" truncate>
                {crumb.label}
              </Text>
            ) : (
              <Anchor component={Link} to={crumb.href} size="sm" fw={600} truncate>
                {crumb.label}
              </Anchor>
            )}
          </Group>
        ))}
      </Group>
    </nav>
  );
}
