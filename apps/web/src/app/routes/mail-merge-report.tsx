import { useParams } from 'react-router';
import { MergeReport } from '../../features/mail-merge/components/merge-history.tsx';

/** One mail merge's report: its rows, their results and the failed rows as CSV. */
export function Component() {
  const { id = '' } = useParams();
  return <MergeReport key={id} mergeId={id} />;
}
