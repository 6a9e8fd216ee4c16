import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { ColorSchemeMenuItems } from '../../components/ui/color-scheme-menu-items.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useSession } from '../../lib/session.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const { firstName } = useSession();
  const logoutMutation = useLogout();
  const initial = firstName?.charAt(0).toUpperCase() ?? '';

  // The route guard notices the ended session and shows the login page.
  const handleLogout = () => logoutMutation.mutate();

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* Named by its visible text plus a hidden "account menu", so speech input works. */}
        <UnstyledButton p={4} style={{ borderRadius: 999 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="kuvert" radius="xl" size={34} aria-hidden="true">
              {initial}
            </Avatar>
            <Text fw={600} size="sm" visibleFrom="sm">
              {firstName}
            </Text>
            <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {firstName ? (
          <Menu.Label>{t('userMenu.signedInAs', { name: firstName })}</Menu.Label>
        ) : null}
        <Menu.Item
          component={Link}
          to={paths.profile()}
          leftSection={<IconUserCircle size={18} aria-hidden="true" />}
        >
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Divider />
        <ColorSchemeMenuItems />
        <Menu.Divider />
        <Menu.Item
          onClick={handleLogout}
          disabled={logoutMutation.isPending}
          leftSection={<IconLogout size={18} aria-hidden="true" />}
        >
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
