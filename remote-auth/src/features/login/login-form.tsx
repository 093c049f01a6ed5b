import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import type { ReactNode } from 'react';
import { paths } from '@kagami/shared/contract';
import { loginForm, type LoginForm as LoginValues } from '@kagami/shared/validation';
import { useAtomValue } from 'jotai';
import { runtimeConfigAtom, useSessionActions } from '@kagami/shared/session';
import { Button, Heading, HStack, Separator, Stack, Text } from '@kagami/shared/ui';
import { GoogleButton } from '../../components/google-button';
import { InvitationNotice } from '../../components/invitation-notice';
import { AppLink } from '../../components/router-link';
import { useAuthTranslation } from '../../components/use-auth-translation';

/** E-mail and password; on success the route guard takes the user on. */
export function LoginForm() {
  const { t } = useAuthTranslation();
  const actions = useSessionActions();
  const { form, formError, submitWith } = useApiForm<LoginValues>(loginForm, { email: '', password: '' });
  const onSubmit = submitWith(async ({ email, password }) => actions.login(email, password));

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('login.title')}
      </Heading>
      <InvitationNotice />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormError error={formError} />
          <TextField form={form} name="email" type="email" autoComplete="email" label={t('fields.email')} autoFocus />
          <TextField form={form} name="password" type="password" autoComplete="current-password" label={t('fields.password')} />
          <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <AppLink to={paths.forgotPassword()}>{t('login.forgot')}</AppLink>
      <GoogleSection />
      <HStack gap="2">
        <Text color="gray.600">{t('login.noAccount')}</Text>
        <AppLink to={paths.signup()}>{t('login.signup')}</AppLink>
      </HStack>
    </Stack>
  );
}

function GoogleSection() {
  const { t } = useAuthTranslation();
  const { googleClientId } = useAtomValue(runtimeConfigAtom);
  if (!googleClientId) return null;
  return (
    <GoogleButtonWithDivider divider={t('login.or')}>
      <GoogleButton mode="login" />
    </GoogleButtonWithDivider>
  );
}

function GoogleButtonWithDivider({ divider, children }: { divider: string; children: ReactNode }) {
  return (
    <Stack gap="3">
      <HStack>
        <Separator flex="1" />
        <Text color="gray.500" fontSize="sm">
          {divider}
        </Text>
        <Separator flex="1" />
      </HStack>
      {children}
    </Stack>
  );
}
