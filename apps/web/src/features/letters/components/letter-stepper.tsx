import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LetterNeighbour } from '@kuvert/shared/letters';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useKeyboardShortcuts } from '../../../lib/keyboard.ts';
import { useLetterNeighbours } from '../api/get-letter-neighbours.ts';
import { letterListOf } from '../hooks/letter-list-state.ts';

function neighbourHref(letter: LetterNeighbour): string {
  return letter.direction === 'outbound' ? paths.sentLetter(letter.id) : paths.letter(letter.id);
}

interface StepButtonProps {
  neighbour: LetterNeighbour | null | undefined;
  label: string;
  /** The accessible name: where the button leads, or why it leads nowhere. */
  name: string;
  icon: ReactNode;
  side: 'left' | 'right';
  onStep: (letter: LetterNeighbour) => void;
}

/** Stays focusable at the list's end (aria-disabled), so its name tells why it does nothing. */
function StepButton({ neighbour, label, name, icon, side, onStep }: StepButtonProps) {
  const isDisabled = neighbour === null || neighbour === undefined;
  return (
    <Button
      variant="default"
      size="compact-md"
      radius="xl"
      aria-label={name}
      aria-disabled={isDisabled || undefined}
      data-disabled={isDisabled || undefined}
      leftSection={side === 'left' ? icon : undefined}
      rightSection={side === 'right' ? icon : undefined}
      onClick={() => {
        if (neighbour) onStep(neighbour);
      }}
    >
      {label}
    </Button>
  );
}

/**
 * Newer and older letter of the list the letter was opened from (in the navigation's state;
 * without one, the list it sits in), by buttons and by `k` and `j` as in the list. A step
 * replaces the page in the history: "back" still leads to the list.
 */
export function LetterStepper({ letterId }: { letterId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const { data } = useLetterNeighbours(letterId, letterListOf(state));
  const step = (letter: LetterNeighbour) =>
    void navigate(neighbourHref(letter), { state, replace: true });

  useKeyboardShortcuts({
    j: () => {
      if (data?.older) step(data.older);
    },
    k: () => {
      if (data?.newer) step(data.newer);
    },
  });

  const newer = data?.newer;
  const older = data?.older;
  return (
    <Group component="nav" aria-label={t('letters.stepper.label')} gap="xs" wrap="nowrap">
      <StepButton
        neighbour={newer}
        label={t('letters.stepper.newer')}
        name={
          data === undefined
            ? t('letters.stepper.newer')
            : newer
              ? t('letters.stepper.toNewer', { subject: newer.subject })
              : t('letters.stepper.noNewer')
        }
        icon={<IconChevronLeft size={16} aria-hidden="true" />}
        side="left"
        onStep={step}
      />
      <StepButton
        neighbour={older}
        label={t('letters.stepper.older')}
        name={
          data === undefined
            ? t('letters.stepper.older')
            : older
              ? t('letters.stepper.toOlder', { subject: older.subject })
              : t('letters.stepper.noOlder')
        }
        icon={<IconChevronRight size={16} aria-hidden="true" />}
        side="right"
        onStep={step}
      />
    </Group>
  );
}
