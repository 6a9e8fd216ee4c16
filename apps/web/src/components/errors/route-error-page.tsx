import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useRouteError } from 'react-router';

/** Last line of defence for a route that failed to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack maw={480} gap="md" align="flex-start">
        <Title order={1}>{t('errorPage.title')}</Title>
        <Text>{t('errorPage.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
      </Stack>
    </Center>
  );
}
