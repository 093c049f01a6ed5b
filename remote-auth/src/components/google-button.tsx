import { FormError } from '@kagami/shared/forms';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { GoogleLogin } from '@react-oauth/google';
import { runtimeConfigAtom, useSessionActions } from '@kagami/shared/session';
import { Box } from '@kagami/shared/ui';

/** Google's button (and one-tap prompt), only when the server has a client id configured. */
export function GoogleButton({ mode }: { mode: 'login' | 'signup' }) {
  const { googleClientId } = useAtomValue(runtimeConfigAtom);
  const actions = useSessionActions();
  const [error, setError] = useState<unknown>(null);
  if (!googleClientId) return null;
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
          actions.googleLogin({ credential: response.credential }, mode).catch(setError);
        }}
        onError={() => setError({ code: 'google_token_invalid' })}
      />
      <FormError error={error} />
    </Box>
  );
}
