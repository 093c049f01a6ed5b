import { errorText } from '@kagami/shared/i18n';
import { Alert } from '@kagami/shared/ui';
import { useAuthTranslation } from './use-auth-translation';

/** A failure that belongs to the whole form, in the user's language. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useAuthTranslation();
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
