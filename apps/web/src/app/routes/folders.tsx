import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { FolderList } from '../../features/folders/components/folder-list.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';

export function Component() {
  const { t } = useTranslation();
  const { can } = useSelectedAccount();
  const canWrite = can('organize');
  const addButton = canWrite ? (
    <Button
      component={Link}
      to={paths.folderAdd()}
      leftSection={<IconFolderPlus size={18} aria-hidden="true" />}
    >
      {t('folders.add.button')}
    </Button>
  ) : null;
  return (
    <Stack gap="lg" maw={880}>
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4}>
          <PageTitle>{t('pages.folders')}</PageTitle>
          <Text c="dimmed">{t('folders.intro')}</Text>
        </Stack>
        {addButton}
      </Group>
      <FolderList emptyAction={addButton} />
    </Stack>
  );
}
