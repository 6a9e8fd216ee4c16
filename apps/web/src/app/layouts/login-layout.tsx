import { Outlet } from 'react-router';
import { AuthCardLayout } from '../../components/layouts/auth-card-layout.tsx';

export function Component() {
  return (
    <AuthCardLayout>
      <Outlet />
    </AuthCardLayout>
  );
}
