import { Anchor, Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ConnectionStatus } from '../errors/connection-status.tsx';
import { ColorSchemeSwitch } from '../ui/color-scheme-switch.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';
import { Logo } from '../ui/logo.tsx';
import { MAIN_CONTENT_ID } from '../ui/skip-link.tsx';

interface AuthCardLayoutProps {
  children: ReactNode;
}

/** Login and other public entry pages: one centred card on a calm background. */
export function AuthCardLayout({ children }: AuthCardLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'linear-gradient(180deg, var(--kuvert-color-tint) 0%, var(--kuvert-color-page) 60%)',
      }}
    >
      <Box component="header" px={{ base: 'md', sm: 'xl' }} py="md">
        {/* On a narrow phone the switches take a row of their own rather than overflow. */}
        <Group justify="space-between">
          <Anchor
            component={Link}
            to={paths.login()}
            aria-label={t('common.logoLabel')}
            underline="never"
          >
            <Logo />
          </Anchor>
          <Group gap="xs" wrap="nowrap" ml="auto">
            <ColorSchemeSwitch />
            <LanguageSwitch />
          </Group>
        </Group>
      </Box>
      <Center
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        style={{ flex: 1 }}
        px="md"
        pb="xl"
      >
        <Stack w="100%" maw={440} gap={0}>
          <ConnectionStatus />
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
          <Text ta="center" size="sm" c="dimmed" mt="lg">
            {t('common.tagline')}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
