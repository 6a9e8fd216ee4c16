import { CaseFileCreateView } from '../../features/case-files/components/case-file-create-view.tsx';

export function Component() {
  return <CaseFileCreateView />;
}
