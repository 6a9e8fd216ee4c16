import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LetterNeighbour } from '@kuvert/shared/letters';
import { paths } from '../../../config/paths.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useKeyboardShortcuts } from '../../../lib/keyboard.ts';
import { letterQueryOptions } from '../api/get-letter.ts';
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

/** The letters before and after one in a list; undefined while that is being found out. */
export interface StepNeighbours {
  previous: LetterNeighbour | null;
  next: LetterNeighbour | null;
}

interface LetterStepperProps {
  neighbours: StepNeighbours | undefined;
  /** A mailbox list steps to newer and older letters, search results to the previous and next. */
  order: 'time' | 'results';
}

/**
 * Steps to the letter before or after this one in the list it was opened from, by buttons and
 * by `k` and `j` as in the list. The list goes along (navigation state); a step replaces the
 * page in the history, so "back" still leads to the list.
 */
export function LetterStepper({ neighbours, order }: LetterStepperProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const step = (letter: LetterNeighbour) =>
    void navigate(neighbourHref(letter), { state, replace: true });

  // The next step shows at once: both letters are fetched while this one is read.
  const queryClient = useQueryClient();
  const previousId = neighbours?.previous?.id;
  const nextId = neighbours?.next?.id;
  useEffect(() => {
    for (const letterId of [previousId, nextId]) {
      if (letterId !== undefined) void queryClient.prefetchQuery(letterQueryOptions(letterId));
    }
  }, [queryClient, previousId, nextId]);

  useKeyboardShortcuts({
    j: () => {
      if (neighbours?.next) step(neighbours.next);
    },
    k: () => {
      if (neighbours?.previous) step(neighbours.previous);
    },
  });

  const words = order === 'time' ? timeWords : resultWords;
  const previous = neighbours?.previous;
  const next = neighbours?.next;
  return (
    <Group component="nav" aria-label={t(words.label)} gap="xs" wrap="nowrap">
      <StepButton
        neighbour={previous}
        label={t(words.previous)}
        name={
          neighbours === undefined
            ? t(words.previous)
            : previous
              ? t(words.toPrevious, { subject: previous.subject })
              : t(words.noPrevious)
        }
        icon={<IconChevronLeft size={16} aria-hidden="true" />}
        side="left"
        onStep={step}
      />
      <StepButton
        neighbour={next}
        label={t(words.next)}
        name={
          neighbours === undefined
            ? t(words.next)
            : next
              ? t(words.toNext, { subject: next.subject })
              : t(words.noNext)
        }
        icon={<IconChevronRight size={16} aria-hidden="true" />}
        side="right"
        onStep={step}
      />
    </Group>
  );
}

const timeWords = {
  label: 'letters.stepper.label',
  previous: 'letters.stepper.newer',
  next: 'letters.stepper.older',
  toPrevious: 'letters.stepper.toNewer',
  toNext: 'letters.stepper.toOlder',
  noPrevious: 'letters.stepper.noNewer',
  noNext: 'letters.stepper.noOlder',
} as const satisfies Record<string, TranslationKey>;

const resultWords = {
  label: 'letters.stepper.resultsLabel',
  previous: 'letters.stepper.previous',
  next: 'letters.stepper.next',
  toPrevious: 'letters.stepper.toPrevious',
  toNext: 'letters.stepper.toNext',
  noPrevious: 'letters.stepper.noPrevious',
  noNext: 'letters.stepper.noNext',
} as const satisfies Record<string, TranslationKey>;

/** Newer and older letter of a mailbox list (without one, the list the letter sits in). */
export function ListLetterStepper({ letterId }: { letterId: string }) {
  const { state } = useLocation();
  const { data } = useLetterNeighbours(letterId, letterListOf(state));
  return (
    <LetterStepper
      neighbours={data === undefined ? undefined : { previous: data.newer, next: data.older }}
      order="time"
    />
  );
}
