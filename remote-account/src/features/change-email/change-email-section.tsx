import { useState } from 'react';
import * as v from 'valibot';
import { useAtomValue, useSetAtom } from 'jotai';
import { teamKeys, userApi } from '@kagami/shared/api';
import { useQueryClient } from '@kagami/shared/query';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { currentLanguage } from '@kagami/shared/i18n';
import { profileAtom } from '@kagami/shared/session';
import { emailField, verificationCodeForm, type VerificationCodeForm } from '@kagami/shared/validation';
import { Button, HStack, notify, Section, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useAccountTranslation } from '../../components/use-account-translation';

const newEmailForm = v.object({ newEmail: emailField });
type NewEmailForm = v.InferInput<typeof newEmailForm>;

/** New address -> a code sent there -> confirmed in a popup. Not for Google accounts, whose address Google manages. */
export function ChangeEmailSection() {
  const { t, i18n } = useAccountTranslation();
  const profile = useAtomValue(profileAtom);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const request = useApiForm<NewEmailForm>(newEmailForm, { newEmail: '' });
  const onRequest = request.submitWith(async ({ newEmail }) => {
    const address = newEmail.trim().toLowerCase();
    await userApi.requestEmailChange(address, currentLanguage(i18n));
    setPendingEmail(address);
  });

  return (
    <Section title={t('changeEmail.title')}>
      <Text color="gray.700">{t('changeEmail.current', { email: profile?.email })}</Text>
      {profile?.provider === 'google' ? (
        <Text color="gray.600">{t('changeEmail.managedByGoogle')}</Text>
      ) : (
        <form onSubmit={onRequest} noValidate>
          <Stack gap="3">
            <FormError error={request.formError} />
            <TextField form={request.form} name="newEmail" type="email" label={t('changeEmail.newEmail')} />
            <HStack justify="flex-end">
              <Button type="submit" loading={request.form.formState.isSubmitting}>
                {t('changeEmail.submit')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
      {pendingEmail ? (
        <CodeDialog
          email={pendingEmail}
          onClose={() => setPendingEmail(null)}
          onChanged={() => {
            setPendingEmail(null);
            request.form.reset({ newEmail: '' });
          }}
        />
      ) : null}
    </Section>
  );
}

function CodeDialog({ email, onClose, onChanged }: { email: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useAccountTranslation();
  const setProfile = useSetAtom(profileAtom);
  const queryClient = useQueryClient();
  const { form, formError, submitWith } = useApiForm<VerificationCodeForm>(verificationCodeForm, { code: '' });
  const onSubmit = submitWith(async ({ code }) => {
    setProfile(await userApi.confirmEmailChange(email, code));
    // Member lists show the address too.
    void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    notify({ status: 'success', title: t('changeEmail.changed', { email }) });
    onChanged();
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('changeEmail.codeTitle')}
      kind="confirm"
      submitText={t('changeEmail.confirm')}
      onSubmit={() => void onSubmit()}
      submitting={form.formState.isSubmitting}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <Text>{t('changeEmail.codeSent', { email })}</Text>
          <FormError error={formError} />
          <TextField form={form} name="code" inputMode="numeric" autoComplete="one-time-code" label={t('changeEmail.code')} autoFocus />
        </Stack>
      </form>
    </Modal>
  );
}
