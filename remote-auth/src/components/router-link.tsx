import { Link as RouterLink } from '@kagami/shared/router';
import { Link } from '@kagami/shared/ui';
import type { ReactNode } from 'react';

export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.700" fontWeight="medium">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
