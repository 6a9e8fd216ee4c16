import {
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailForward, IconPencil, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LetterSummary } from '@kuvert/shared/letters';
import { MAX_ATTACHMENT_BYTES, REPLY_ATTACHMENT_TYPES } from '@kuvert/shared/letters';
import { SEARCH_QUERY_MAX_LENGTH } from '@kuvert/shared/search';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { formatFileSize, formatListDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCan } from '../../../lib/selected-account.ts';
import { useAnswerableLetters } from '../api/get-answerable-letters.ts';
import classes from './use-in-letter-button.module.css';
import { correspondentOf } from '../../../lib/correspondent.ts';

interface UseInLetterButtonProps {
  upload: UploadSummary;
}

/**
 * "Use in a letter": a new letter with the upload attached, or a reply: the user picks the
 * provider's letter to answer and its reply opens with the upload attached. Not shown to viewers or for
 * an upload in the trash; disabled, saying why, for a file a letter cannot carry.
 */
export function UseInLetterButton({ upload }: UseInLetterButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const canSend = useCan(upload.account_id, 'send');
  if (!canSend || upload.trashed_at !== null) return null;

  const reason = !REPLY_ATTACHMENT_TYPES.some((type) => type === upload.content_type)
    ? t('uploadReuse.useInLetter.refusedType')
    : upload.size > MAX_ATTACHMENT_BYTES
      ? t('uploadReuse.useInLetter.refusedSize', { max: formatFileSize(MAX_ATTACHMENT_BYTES) })
      : null;
  return (
    <>
      <Tooltip
        label={reason}
        multiline
        w={260}
        disabled={reason === null}
        events={{ hover: true, focus: true, touch: true }}
      >
        {/* Not `disabled`: a disabled button takes no focus, so the tooltip could not say why. */}
        <Button
          variant="default"
          leftSection={<IconMailForward size={18} aria-hidden="true" />}
          onClick={() => {
            if (reason === null) setIsOpen(true);
          }}
          data-disabled={reason !== null || undefined}
          aria-disabled={reason !== null}
          aria-haspopup="dialog"
        >
          {t('uploadReuse.useInLetter.button')}
        </Button>
      </Tooltip>
      <AppModal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('uploadReuse.useInLetter.title', { name: upload.name })}
        size="lg"
      >
        {isOpen ? <LetterChooser upload={upload} /> : null}
      </AppModal>
    </>
  );
}

function LetterChooser({ upload }: UseInLetterButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listLabelId = useId();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const letters = useAnswerableLetters(upload.account_id, query, true);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" style={{ flex: '1 1 240px' }}>
          {t('uploadReuse.useInLetter.newLetterIntro', { name: upload.name })}
        </Text>
        <Button
          leftSection={<IconPencil size={18} aria-hidden="true" />}
          onClick={() => void navigate(paths.composeWithUpload(upload.id))}
        >
          {t('uploadReuse.useInLetter.newLetter')}
        </Button>
      </Group>
      <Text size="sm">{t('uploadReuse.useInLetter.intro', { name: upload.name })}</Text>
      <TextInput
        type="search"
        label={t('uploadReuse.useInLetter.search')}
        description={t('uploadReuse.useInLetter.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        data-autofocus
      />
      <Text id={listLabelId} size="sm" fw={600}>
        {query === '' ? t('uploadReuse.useInLetter.recent') : t('uploadReuse.useInLetter.found')}
      </Text>
      {letters.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          <Skeleton height={52} />
          <Skeleton height={52} />
          <Skeleton height={52} />
        </Stack>
      ) : letters.isError ? (
        <ErrorState error={letters.error} onRetry={() => void letters.refetch()} />
      ) : letters.data.length === 0 ? (
        <Text size="sm" role="status">
          {query === ''
            ? t('uploadReuse.useInLetter.none')
            : t('uploadReuse.useInLetter.noMatch', { query })}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          aria-labelledby={listLabelId}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '50vh', overflowY: 'auto' }}
        >
          {letters.data.map((letter) => (
            <li key={letter.id}>
              <LetterChoice
                letter={letter}
                onChoose={() => void navigate(paths.replyWithUpload(letter.id, upload.id))}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function LetterChoice({ letter, onChoose }: { letter: LetterSummary; onChoose: () => void }) {
  const correspondent = correspondentOf(letter);
  return (
    <UnstyledButton onClick={onChoose} className={classes.choice}>
      <Group gap="sm" wrap="nowrap">
        <ProviderAvatar
          providerId={correspondent.provider?.id ?? ''}
          name={correspondent.name}
          hasLogo={correspondent.provider?.has_logo ?? false}
          size={36}
        />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {letter.subject}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {correspondent.name} · {formatListDate(letter.created_at)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
