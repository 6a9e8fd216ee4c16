import { MyFormsView } from '../../features/forms/browse/my-forms-view.tsx';

export function Component() {
  return <MyFormsView />;
}
