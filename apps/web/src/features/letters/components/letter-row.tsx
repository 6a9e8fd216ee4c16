import { Box, Checkbox, Text, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LetterSummary } from '@kuvert/shared/letters';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { formatListDate } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { LetterBadges } from './letter-badges.tsx';
import classes from './letter-row.module.css';
import { correspondentOf } from '../../../lib/correspondent.ts';

interface LetterRowProps {
  letter: LetterSummary;
  isActive: boolean;
  isSelected: boolean;
  /** Null when the user may not select (read-only) or the list has no bulk actions. */
  onToggleSelected: ((letterId: string) => void) | null;
  onFocusRow: (letterId: string) => void;
  /** In place of the excerpt, e.g. the passage a search matched. */
  detail?: ReactNode;
  /** Goes with the link: the list the letter's page steps through. */
  linkState?: unknown;
}

export function letterHref(letter: LetterSummary): string {
  return letter.direction === 'outbound' ? paths.sentLetter(letter.id) : paths.letter(letter.id);
}

/**
 * One letter in a list: who, what, when; unread ones bold with a dot. Memoised: selecting or
 * focusing one row, or a refetch that changed one letter, re-renders only that row.
 */
export const LetterRow = memo(function LetterRow({
  letter,
  isActive,
  isSelected,
  onToggleSelected,
  onFocusRow,
  detail,
  linkState,
}: LetterRowProps) {
  const { t } = useTranslation();
  const isUnread = !letter.is_read && letter.direction === 'inbound';
  const weight = isUnread ? 700 : 500;
  const correspondent = correspondentOf(letter);
  const providerLabel =
    letter.direction === 'outbound'
      ? t('letters.row.to', { name: correspondent.name })
      : correspondent.name;
  return (
    <Box
      component="li"
      className={classes.row}
      data-letter-id={letter.id}
      data-unread={isUnread || undefined}
      data-active={isActive || undefined}
      data-selected={isSelected || undefined}
      data-selectable={onToggleSelected !== null}
    >
      {onToggleSelected ? (
        <Checkbox
          className={classes.check}
          checked={isSelected}
          onChange={() => onToggleSelected(letter.id)}
          aria-label={t('letters.row.select', { subject: letter.subject })}
          style={{ position: 'relative', zIndex: 1 }}
        />
      ) : null}
      <Box className={classes.avatar} pt={2}>
        <ProviderAvatar
          providerId={correspondent.provider?.id ?? ''}
          name={correspondent.name}
          hasLogo={correspondent.provider?.has_logo ?? false}
        />
      </Box>
      <Link
        to={letterHref(letter)}
        state={linkState}
        className={classes.link}
        data-letter-link={letter.id}
        onFocus={() => onFocusRow(letter.id)}
      >
        <div className={classes.top}>
          {isUnread ? <span className={classes.dot} aria-hidden="true" /> : null}
          <Text component="span" className={classes.provider} fw={weight} size="sm">
            {isUnread ? <VisuallyHidden>{t('letters.row.unread')} </VisuallyHidden> : null}
            {providerLabel}
          </Text>
          <Text component="span" className={classes.date} size="xs" c="dimmed" fw={weight}>
            <time dateTime={letter.created_at} title={formatDateTime(letter.created_at)}>
              {formatListDate(letter.created_at)}
            </time>
          </Text>
        </div>
        <Text className={classes.subject} fw={isUnread ? 700 : 600} size="sm" c="bright">
          {letter.subject}
        </Text>
        {detail ?? null}
        {detail === undefined && letter.excerpt !== '' ? (
          <Text className={classes.excerpt} size="sm" c="dimmed">
            {letter.excerpt}
          </Text>
        ) : null}
        <LetterBadges letter={letter} />
      </Link>
    </Box>
  );
});
