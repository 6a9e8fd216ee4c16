import { useParams } from 'react-router';
import { CaseFileView } from '../../features/case-files/components/case-file-view.tsx';

export function Component() {
  const { id = '' } = useParams();
  return <CaseFileView key={id} fileId={id} />;
}
