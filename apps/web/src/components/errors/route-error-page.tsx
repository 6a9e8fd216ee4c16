import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { PageLoadError } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useIsConnectionLost } from '../../lib/online.ts';
import { PageTitle, focusHeadingWhenShown } from '../ui/page-title.tsx';
import { MAIN_CONTENT_ID } from '../ui/skip-link.tsx';

interface RouteErrorPageProps {
  /** Shown in a layout's main area (header and navigation stay), not as a page of its own. */
  withinLayout?: boolean;
}

/** A route that failed to load or render: what happened, and the way on. */
export function RouteErrorPage({ withinLayout = false }: RouteErrorPageProps) {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const content = error instanceof PageLoadError ? <PageLoadFailure /> : <PageFailure />;
  if (withinLayout) return content;
  return (
    <Center component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100dvh" p="md">
      {content}
    </Center>
  );
}

/** The page's code did not arrive: nothing is broken, so try again, by itself once online. */
function PageLoadFailure() {
  const { t } = useTranslation();
  const isConnectionLost = useIsConnectionLost();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const retry = useCallback(
    () => void navigate({ pathname, search, hash }, { replace: true }),
    [navigate, pathname, search, hash],
  );
  useWindowEvent('online', retry);
  // Loaded at last, the page takes this one's place at the same address: its heading is
  // focused as after any navigation (this one's had focus, and is gone).
  useEffect(() => () => void focusHeadingWhenShown(), []);
  return (
    <Stack maw={520} gap="md" align="flex-start">
      <PageTitle>
        {isConnectionLost ? t('errorPage.offlineTitle') : t('errorPage.loadFailedTitle')}
      </PageTitle>
      <Text>{isConnectionLost ? t('errorPage.offlineText') : t('errorPage.loadFailedText')}</Text>
      <Group gap="sm">
        <Button onClick={retry}>{t('common.retry')}</Button>
        {isConnectionLost ? null : (
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('errorPage.reload')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Last line of defence for a page that broke while rendering. */
function PageFailure() {
  const { t } = useTranslation();
  return (
    <Stack maw={480} gap="md" align="flex-start">
      <PageTitle>{t('errorPage.title')}</PageTitle>
      <Text>{t('errorPage.text')}</Text>
      <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
    </Stack>
  );
}
