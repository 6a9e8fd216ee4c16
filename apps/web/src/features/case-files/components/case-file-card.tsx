import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconFiles } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CaseFile } from '@kuvert/shared/case-files';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { CaseFileActivity } from './case-file-activity.tsx';
import { caseFileColorVar } from './case-file-color.ts';
import classes from './case-file-card.module.css';

/** One file in the list: its colour, title, the start of its description, items and activity. */
export function CaseFileCard({ file }: { file: CaseFile }) {
  const { t } = useTranslation();
  return (
    <Box
      component="article"
      className={classes.card}
      __vars={{ '--file-color': caseFileColorVar(file.color) }}
      data-file-id={file.id}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={file.color} size={36} radius="md" aria-hidden="true">
          <IconBriefcase size={20} />
        </ThemeIcon>
        <Text
          component="h2"
          fw={650}
          fz="md"
          lh={1.35}
          m={0}
          mt={6}
          style={{ overflowWrap: 'anywhere' }}
        >
          <Link to={paths.file(file.id)} className={classes.link}>
            {file.title}
          </Link>
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt="xs" lineClamp={2} className={classes.description}>
        {file.description === '' ? t('caseFiles.list.noDescription') : file.description}
      </Text>
      <Group gap="xs" justify="space-between" wrap="wrap" className={classes.footer}>
        <Group gap={6} wrap="nowrap">
          <IconFiles size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text size="sm" fw={500}>
            {t('caseFiles.itemCount', { count: file.item_count })}
          </Text>
        </Group>
        <CaseFileActivity at={file.last_activity_at} size="sm" c="dimmed" />
      </Group>
    </Box>
  );
}
