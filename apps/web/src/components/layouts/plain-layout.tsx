import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ConnectionStatus } from '../errors/connection-status.tsx';
import { Logo } from '../ui/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link.tsx';
import { BackLink } from './back-link.tsx';

interface PlainLayoutProps {
  headerEnd?: ReactNode;
  backHref?: string;
  backLabel: string;
  children: ReactNode;
}

/** Full-width reading and task pages: logo, a clear way back, no sidebar. */
export function PlainLayout({
  headerEnd,
  backHref = paths.home(),
  backLabel,
  children,
}: PlainLayoutProps) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <Box
        component="header"
        pos="relative"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--kuvert-color-border)' }}
      >
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="lg" wrap="nowrap">
              <Anchor
                component={Link}
                to={paths.home()}
                aria-label={t('common.logoLabel')}
                underline="never"
                visibleFrom="xs"
              >
                <Logo />
              </Anchor>
              <BackLink fallbackHref={backHref} label={backLabel} />
            </Group>
            {headerEnd}
          </Group>
        </Container>
      </Box>
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        size="lg"
        py={{ base: 'lg', sm: 'xl' }}
      >
        <ConnectionStatus />
        {children}
      </Container>
    </>
  );
}
