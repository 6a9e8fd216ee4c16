import { useParams } from 'react-router';
import { FormProviderView } from '../../features/forms/browse/form-provider-view.tsx';

export function Component() {
  const { id = '' } = useParams();
  return <FormProviderView key={id} providerId={id} />;
}
