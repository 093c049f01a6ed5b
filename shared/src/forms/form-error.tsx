import { useTranslation } from 'react-i18next';
import { paths } from '../contract';
import { errorText } from '../i18n';
import { Link as RouterLink } from '../router';
import { Alert, Button, HStack } from '../ui';

/** A failure that belongs to the whole form, in the user's language; a used-up quota offers the plans. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  if (!error) return null;
  const title = <Alert.Title>{errorText(t, error)}</Alert.Title>;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      {(error as { code?: string }).code === 'quota_exceeded' ? (
        <HStack justify="space-between" flex="1" wrap="wrap">
          {title}
          <Button asChild size="sm">
            <RouterLink to={paths.subscription()}>{t('buttons.seePlans')}</RouterLink>
          </Button>
        </HStack>
      ) : (
        title
      )}
    </Alert.Root>
  );
}

export function FormNotice({ children }: { children: string }) {
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
