import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { GoogleLogin } from '@react-oauth/google';
import { isApiError } from '@kagami/shared/api';
import { runtimeConfigAtom, useSessionActions } from '@kagami/shared/session';
import { verificationCodeForm, type VerificationCodeForm } from '@kagami/shared/validation';
import { Box, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useAuthTranslation } from './use-auth-translation';

/** A password account of the same address, waiting for its owner's code before Google may sign in to it. */
type PendingLink = { linkToken: string; email: string };

/** Google's button (and one-tap prompt), only when the server has a client id configured. */
export function GoogleButton({ mode }: { mode: 'login' | 'signup' }) {
  const { googleClientId } = useAtomValue(runtimeConfigAtom);
  const actions = useSessionActions();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState<PendingLink | null>(null);
  if (!googleClientId) return null;
  const signIn = (credential: string | undefined) =>
    actions.googleLogin({ credential }, mode).catch((failure: unknown) => {
      const { link_token: linkToken, email } = isApiError(failure) ? (failure.body as { link_token?: unknown; email?: unknown }) : {};
      if (isApiError(failure) && failure.code === 'google_link_required' && typeof linkToken === 'string' && typeof email === 'string') {
        setPending({ linkToken, email });
      } else setError(failure);
    });
  return (
    <Box data-testid="google-sign-in">
      <GoogleLogin
        theme="outline"
        size="large"
        width="100%"
        useOneTap={mode === 'login'}
        text={mode === 'signup' ? 'signup_with' : 'signin_with'}
        onSuccess={(response) => {
          setError(null);
          void signIn(response.credential);
        }}
        onError={() => setError({ code: 'google_token_invalid' })}
      />
      <FormError error={error} />
      {pending ? <LinkDialog pending={pending} onClose={() => setPending(null)} /> : null}
    </Box>
  );
}

/** The code mailed to the account's address: once typed, Google is linked to the account and signs in. */
function LinkDialog({ pending, onClose }: { pending: PendingLink; onClose: () => void }) {
  const { t } = useAuthTranslation();
  const actions = useSessionActions();
  const { form, formError, submitWith } = useApiForm<VerificationCodeForm>(verificationCodeForm, { code: '' });
  const onSubmit = submitWith(({ code }) => actions.googleLink(pending.linkToken, code));
  return (
    <Modal
      open
      onClose={onClose}
      title={t('googleLink.title')}
      kind="confirm"
      submitText={t('googleLink.submit')}
      onSubmit={() => void onSubmit()}
      submitting={form.formState.isSubmitting}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <Text>{t('googleLink.intro', { email: pending.email })}</Text>
          <FormError error={formError} />
          <TextField form={form} name="code" inputMode="numeric" autoComplete="one-time-code" label={t('fields.code')} autoFocus />
        </Stack>
      </form>
    </Modal>
  );
}
