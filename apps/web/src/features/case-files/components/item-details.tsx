import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { getDateTimeFormat } from '../../../lib/intl-format.ts';
import { calendarDate } from '../hooks/case-file-dates.ts';
import { caseFileColorVar } from './case-file-color.ts';
import { PageActions } from './page-actions.tsx';
import { LinkedAttachments } from './linked-attachments.tsx';
import { LinkedLetters } from './linked-letters.tsx';

interface ItemDetailsProps {
  item: CaseFileItem;
  canWrite: boolean;
  onEdit: () => void;
  onMove: () => void;
  onTrash: () => void;
}

function DetailSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} fz="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One item as it is: its file, date, title, notes (line breaks kept), attachments and letters. */
export function ItemDetails({ item, canWrite, onEdit, onMove, onTrash }: ItemDetailsProps) {
  const { t, i18n } = useTranslation();
  const longDate = getDateTimeFormat(i18n.language, { dateStyle: 'full' }).format(
    calendarDate(item.date),
  );
  const isTrashed = item.trashed_at !== null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={{ borderTop: `6px solid ${caseFileColorVar(item.file_color)}` }}
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap={8} wrap="nowrap">
            <Box
              w={10}
              h={10}
              style={{
                borderRadius: '50%',
                background: caseFileColorVar(item.file_color),
                flex: 'none',
              }}
              aria-hidden="true"
            />
            <Anchor component={Link} to={paths.file(item.file_id)} size="sm" fw={600}>
              {item.file_title}
            </Anchor>
          </Group>
          <Box style={{ overflowWrap: 'anywhere' }}>
            <PageTitle>{item.title}</PageTitle>
          </Box>
          <Text c="dimmed">
            <time dateTime={item.date}>{longDate}</time>
          </Text>
        </Stack>
        {canWrite && !isTrashed ? (
          <PageActions
            primary={
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden="true" />}
                onClick={onEdit}
              >
                {t('caseFiles.item.edit')}
              </Button>
            }
            secondary={[
              {
                label: t('caseFiles.move.button'),
                icon: <IconArrowsExchange size={16} aria-hidden="true" />,
                onClick: onMove,
              },
              {
                label: t('caseFiles.item.trash.button'),
                icon: <IconTrash size={16} aria-hidden="true" color="var(--mantine-color-red-8)" />,
                onClick: onTrash,
              },
            ]}
          />
        ) : null}
        <DetailSection id="item-notes" title={t('caseFiles.item.fields.notes')}>
          {item.notes === '' ? (
            <Text c="dimmed" size="sm">
              {t('caseFiles.item.noNotes')}
            </Text>
          ) : (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} maw={720}>
              {item.notes}
            </Text>
          )}
        </DetailSection>
        <DetailSection id="item-attachments" title={t('caseFiles.item.attachments.title')}>
          {item.attachments.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('caseFiles.item.attachments.none')}
            </Text>
          ) : (
            <LinkedAttachments attachments={item.attachments} />
          )}
        </DetailSection>
        <DetailSection id="item-letters" title={t('caseFiles.item.letters.title')}>
          {item.letters.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('caseFiles.item.letters.none')}
            </Text>
          ) : (
            <LinkedLetters letters={item.letters} />
          )}
        </DetailSection>
        <Text size="xs" c="dimmed">
          {t('caseFiles.item.addedOn', { date: formatDateTime(item.created_at) })}
          {item.updated_at === item.created_at
            ? null
            : ` · ${t('caseFiles.item.changedOn', { date: formatDateTime(item.updated_at) })}`}
        </Text>
      </Stack>
    </Paper>
  );
}
