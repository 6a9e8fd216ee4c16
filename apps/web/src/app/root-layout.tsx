import { Outlet } from 'react-router';
import { HeadingFocus } from '../components/ui/page-title.tsx';
import { ScrollReset } from '../components/ui/scroll-reset.tsx';

export function RootLayout() {
  return (
    <>
      <ScrollReset />
      <HeadingFocus />
      <Outlet />
    </>
  );
}
