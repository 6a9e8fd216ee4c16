import { paths } from '../../config/paths.ts';
import { LetterPage } from '../mailbox/letter-page.tsx';

export function Component() {
  return <LetterPage listHref={paths.inbox()} />;
}
