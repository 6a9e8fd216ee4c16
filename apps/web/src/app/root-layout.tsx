import { Outlet } from 'react-router';
import { ScrollReset } from '../components/ui/scroll-reset.tsx';

export function RootLayout() {
  return (
    <>
      <ScrollReset />
      <Outlet />
    </>
  );
}
