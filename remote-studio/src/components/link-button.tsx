import type { ReactNode } from 'react';
import { Link as RouterLink } from '@kagami/shared/router';
import { Button, type ButtonColor, type ButtonSize } from '@kagami/shared/ui';

/** A navigation that looks like a button: a real link, so it opens in a new tab too. */
export function LinkButton({ to, children, size, color }: { to: string; children: ReactNode; size?: ButtonSize; color?: ButtonColor }) {
  return (
    <Button asChild size={size} color={color}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
