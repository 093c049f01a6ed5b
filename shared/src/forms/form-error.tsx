import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n';
import { Alert } from '../ui';

/** A failure that belongs to the whole form, in the user's language. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  if (!error) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{errorText(t, error)}</Alert.Title>
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
