import { useLocation } from 'react-router';
import {
  LetterStepper,
  ListLetterStepper,
} from '../../features/letters/components/letter-stepper.tsx';
import type { StepNeighbours } from '../../features/letters/components/letter-stepper.tsx';
import { searchResultsOf } from '../../features/search/hooks/search-results-state.ts';
import { useSearchNeighbours } from '../../features/search/hooks/use-search-neighbours.ts';
import type { SearchNeighbours } from '../../features/search/hooks/use-search-neighbours.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';

function toStepNeighbours(neighbours: SearchNeighbours | undefined): StepNeighbours | undefined {
  if (neighbours === undefined) return undefined;
  const { previous, next } = neighbours;
  return {
    previous: previous && {
      id: previous.id,
      direction: previous.direction,
      subject: previous.subject,
    },
    next: next && { id: next.id, direction: next.direction, subject: next.subject },
  };
}

/**
 * Next and previous letter of the list the letter was opened from: a search's results in
 * their order (the letters area knows nothing of searches, so they meet here), otherwise a
 * mailbox list, asked of the server.
 */
export function LetterSteps({ letterId }: { letterId: string }) {
  const { state } = useLocation();
  const { accountId } = useSelectedAccount();
  const search = searchResultsOf(state);
  const neighbours = useSearchNeighbours(accountId, search, letterId);
  // Not among the results (any more): the letter's own list, rather than no steps at all.
  if (search === undefined || neighbours === null) return <ListLetterStepper letterId={letterId} />;
  return <LetterStepper neighbours={toStepNeighbours(neighbours)} order="results" />;
}
