import { useParams } from 'react-router';
import { CaseFileItemView } from '../../features/case-files/components/case-file-item-view.tsx';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { useCaseFileItemUploads } from '../case-file-uploads.tsx';

export function Component() {
  const { id = '', itemId = '' } = useParams();
  const { accountId } = useSelectedAccount();
  const uploads = useCaseFileItemUploads(accountId);
  return <CaseFileItemView key={`${id}/${itemId}`} fileId={id} itemId={itemId} uploads={uploads} />;
}
