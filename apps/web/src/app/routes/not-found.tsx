import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailQuestion } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" align="flex-start" maw={560} py={{ base: 'md', sm: 'xl' }}>
      <ThemeIcon variant="light" size={56} radius="xl" aria-hidden="true">
        <IconMailQuestion size={30} />
      </ThemeIcon>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <Text size="lg">{t('notFound.text')}</Text>
      <Button component={Link} to={paths.home()}>
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
