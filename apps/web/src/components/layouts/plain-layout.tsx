import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ConnectionStatus } from '../errors/connection-status.tsx';
import { Logo } from '../ui/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link.tsx';
import { BackLink, hasInAppHistory } from './back-link.tsx';

interface PlainLayoutProps {
  headerEnd?: ReactNode;
  /**
   * Where "back" leads when the page was opened directly. null: nowhere, so the link shows
   * only after a step inside the portal (a public page opened from a provider's website has
   * no portal page behind it, and the login of a service without sign-up is no way back).
   */
  backHref?: string | null;
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
              {backHref !== null || hasInAppHistory() ? (
                <BackLink fallbackHref={backHref ?? paths.home()} label={backLabel} />
              ) : null}
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
