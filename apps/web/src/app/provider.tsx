import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { colorSchemeManager } from '../lib/color-scheme.ts';
import { NotificationViewport } from '../components/ui/notification-viewport.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  children?: ReactNode;
}

/**
 * Global components: theme and notifications. The query client is provided by the layouts
 * that read server data (see ServerStateProvider), which keeps it off the login page.
 * Light, dark or as the device is set (the default): see components/ui/color-scheme-switch.
 */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      {children}
      <NotificationViewport />
    </MantineProvider>
  );
}
