import { useParams } from 'react-router';
import { CaseFileItemCreateView } from '../../features/case-files/components/case-file-item-create-view.tsx';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { useCaseFileItemUploads } from '../case-file-uploads.tsx';

export function Component() {
  const { id = '' } = useParams();
  const { accountId } = useSelectedAccount();
  const uploads = useCaseFileItemUploads(accountId);
  return <CaseFileItemCreateView key={id} fileId={id} uploads={uploads} />;
}
