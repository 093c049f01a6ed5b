import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@chakra-ui/react/alert';
import { Center } from '@chakra-ui/react/center';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack } from '@chakra-ui/react/stack';
import { errorText } from '../i18n';
import { Button } from './button';

/** Loading and error states of a query, with a retry; the children render once there is data. */
export function LoadState({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  if (loading) {
    return (
      <Center py="6">
        <Spinner color="brand.500" aria-label={t('loading')} />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <HStack justify="space-between" flex="1" wrap="wrap">
          <Alert.Title>{errorText(t, error)}</Alert.Title>
          <Button size="sm" color="white" onClick={onRetry}>
            {t('buttons.retry')}
          </Button>
        </HStack>
      </Alert.Root>
    );
  }
  return <>{children}</>;
}
