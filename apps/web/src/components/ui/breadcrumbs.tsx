import { Anchor, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** None: the page itself (the last crumb). */
  href?: string;
}

interface BreadcrumbsProps {
  /** What the trail is called for screen readers ("Files", "Forms"). */
  label: string;
  crumbs: readonly Crumb[];
  /** Long labels are cut to the width with an ellipsis; else they wrap. */
  truncates?: boolean;
}

/** Where a page sits ("Files › Tax return 2026 › Notice"), each step but the last a link. */
export function Breadcrumbs({ label, crumbs, truncates = false }: BreadcrumbsProps) {
  return (
    <nav aria-label={label}>
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
            style={truncates ? { minWidth: 0, maxWidth: '100%' } : undefined}
          >
            {index > 0 ? (
              <IconChevronRight
                size={14}
                aria-hidden="true"
                color="var(--mantine-color-dimmed)"
                style={truncates ? { flex: 'none' } : undefined}
              />
            ) : null}
            {crumb.href === undefined ? (
              <Text size="sm" c="dimmed" aria-current="page" truncate={truncates}>
                {crumb.label}
              </Text>
            ) : (
              <Anchor component={Link} to={crumb.href} size="sm" fw={600} truncate={truncates}>
                {crumb.label}
              </Anchor>
            )}
          </Group>
        ))}
      </Group>
    </nav>
  );
}
