import { useEffect, useState } from 'react';
import { useTranslation } from '@kagami/shared/i18n';
import { onPendingRequests } from '@kagami/shared/api';
import { Box } from '@kagami/shared/ui';

/** A thin bar across the top while any API request is pending. */
export function GlobalLoading() {
  const { t } = useTranslation('shell');
  const [pending, setPending] = useState(0);
  useEffect(() => onPendingRequests(setPending), []);
  if (pending === 0) return null;
  return (
    <Box
      role="progressbar"
      aria-label={t('loadingIndicator')}
      data-testid="global-loading"
      position="fixed"
      top="0"
      left="0"
      right="0"
      h="3px"
      zIndex="toast"
      bg="brand.500"
      animation="pulse 1s ease-in-out infinite"
    />
  );
}
