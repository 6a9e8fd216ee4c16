import { useParams } from 'react-router';
import { PublicFormFill } from '../../features/forms/fill/public-form-fill.tsx';

/**
 * /forms/search/by-provider/{providerId}/fill-out/{formId}: anyone, no login. A person who is
 * logged in never gets here: the route's loader (fillOutWhenLoggedIn) opens the portal's page.
 */
export function Component() {
  const { providerId = '', formId = '' } = useParams();
  return <PublicFormFill key={`${providerId}/${formId}`} providerId={providerId} formId={formId} />;
}
