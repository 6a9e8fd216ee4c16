import { Box, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CaseFile } from '@kuvert/shared/case-files';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, useTranslation } from '../../../lib/i18n.ts';
import { PageActions } from './page-actions.tsx';
import { CaseFileActivity } from './case-file-activity.tsx';
import { caseFileColorVar } from './case-file-color.ts';

interface CaseFileHeaderProps {
  file: CaseFile;
  canWrite: boolean;
  onEdit: () => void;
  onTrash: () => void;
}

/** A file's page top: colour, title, description, counts, and what can be done with it. */
export function CaseFileHeader({ file, canWrite, onEdit, onTrash }: CaseFileHeaderProps) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderTop: `6px solid ${caseFileColorVar(file.color)}` }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" align="center" style={{ minWidth: 0, flex: '1 1 260px' }}>
            <ThemeIcon variant="light" color={file.color} size={44} radius="md" aria-hidden="true">
              <IconBriefcase size={26} />
            </ThemeIcon>
            <Box style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <PageTitle>{file.title}</PageTitle>
            </Box>
          </Group>
          {canWrite && file.trashed_at === null ? (
            <PageActions
              primary={
                <Button
                  component={Link}
                  to={paths.fileItemCreate(file.id)}
                  leftSection={<IconPlus size={18} aria-hidden="true" />}
                >
                  {t('caseFiles.item.add')}
                </Button>
              }
              secondary={[
                {
                  label: t('caseFiles.edit'),
                  icon: <IconPencil size={16} aria-hidden="true" />,
                  onClick: onEdit,
                },
                {
                  label: t('caseFiles.trash.button'),
                  icon: (
                    <IconTrash size={16} aria-hidden="true" color="var(--mantine-color-red-8)" />
                  ),
                  onClick: onTrash,
                },
              ]}
            />
          ) : null}
        </Group>
        {file.description === '' ? null : (
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} maw={760}>
            {file.description}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('caseFiles.itemCount', { count: file.item_count })}
          </Text>
          <Text size="sm" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <CaseFileActivity at={file.last_activity_at} size="sm" c="dimmed" />
          <Text size="sm" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <Text size="sm" c="dimmed">
            {t('caseFiles.createdOn', { date: formatDate(file.created_at) })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
