import { AppShell, Box, Divider, Group, ScrollArea } from '@mantine/core';
import { Outlet } from 'react-router';
import { SidebarLayout } from '../../components/layouts/sidebar-layout.tsx';
import { AccountSwitcher } from '../../components/ui/account-switcher.tsx';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import { AppNavigation } from './app-navigation.tsx';
import { HeaderSearch } from './header-search/header-search.tsx';
import { UserMenu } from './user-menu.tsx';

/** The portal with sidebar: mailbox switcher, areas, language and the user's menu. */
export function Component() {
  return (
    <SidebarLayout
      headerEnd={
        <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
          <HeaderSearch />
          <Box visibleFrom="sm">
            <LanguageSwitch />
          </Box>
          <UserMenu />
        </Group>
      }
      navbar={
        <>
          <AppShell.Section>
            <AccountSwitcher />
          </AppShell.Section>
          <Divider my="md" />
          <AppShell.Section grow component={ScrollArea} type="auto" mx="-xs" px="xs">
            <AppNavigation />
          </AppShell.Section>
          <AppShell.Section hiddenFrom="sm" pt="md">
            <LanguageSwitch />
          </AppShell.Section>
        </>
      }
    >
      <Outlet />
    </SidebarLayout>
  );
}
