import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

interface PageTitleProps {
  children: string;
  /** Shown beside the heading (not inside it), e.g. a badge. */
  aside?: ReactNode;
}

/** The page's one h1, and the browser tab's title so history and tabs read well. */
export function PageTitle({ children, aside }: PageTitleProps) {
  useEffect(() => {
    document.title = `${children} · Kuvert`;
  }, [children]);
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.25}>
        {children}
      </Title>
      {aside}
    </Group>
  );
}
