import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ConnectionStatus } from '../errors/connection-status.tsx';
import { Logo } from '../ui/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link.tsx';

interface SidebarLayoutProps {
  navbar: ReactNode;
  headerEnd: ReactNode;
  children: ReactNode;
}

const NAVBAR_ID = 'app-navbar';

/** Header + sidebar; below the `sm` breakpoint the sidebar becomes a burger menu. */
export function SidebarLayout({ navbar, headerEnd, children }: SidebarLayoutProps) {
  const { t } = useTranslation();
  const [isOpen, { toggle, close }] = useDisclosure(false);
  // Read at the first render (no server rendering here): read in an effect, as by default,
  // it rendered the whole shell a second time on every phone.
  const isMobile =
    useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) === true;
  const { key } = useLocation();

  const burgerRef = useRef<HTMLButtonElement>(null);

  // A chosen destination closes the mobile menu.
  useEffect(close, [key, close]);

  // Escape closes it too, as it does a dialog or a menu, and focus goes back to the burger.
  useWindowEvent('keydown', (event) => {
    if (!isOpen || !isMobile || event.key !== 'Escape' || event.defaultPrevented) return;
    close();
    burgerRef.current?.focus();
  });

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !isOpen } }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header px={{ base: 'sm', sm: 'lg' }}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <Burger
                ref={burgerRef}
                opened={isOpen}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={isOpen ? t('nav.closeMenu') : t('nav.openMenu')}
                aria-expanded={isOpen}
                aria-controls={NAVBAR_ID}
              />
              <Anchor
                component={Link}
                to={paths.home()}
                aria-label={t('common.logoLabel')}
                underline="never"
              >
                <Logo />
              </Anchor>
            </Group>
            {headerEnd}
          </Group>
        </AppShell.Header>
        <AppShell.Navbar
          id={NAVBAR_ID}
          p="md"
          aria-label={t('nav.label')}
          // A closed mobile menu is only moved off-screen; keep it out of the tab order too.
          inert={isMobile && !isOpen}
        >
          {navbar}
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <ConnectionStatus />
          {children}
        </AppShell.Main>
      </AppShell>
    </>
  );
}
