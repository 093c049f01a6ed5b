import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { billingApi } from '@kagami/shared/api';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { validationText } from '@kagami/shared/i18n';
import { profileAtom } from '@kagami/shared/session';
import { CONTACT_MESSAGE_MAX_LENGTH, contactSalesForm, EMPLOYEE_COUNTS, type ContactSalesForm } from '@kagami/shared/validation';
import { Button, FormField, HStack, Select, Stack, Text, Textarea } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useBillingTranslation } from '../../components/use-billing-translation';

/** Contact sales for Business: who asks, for how large a team and what for; kept and mailed to sales, then a thank-you. */
export function ContactSalesFormPanel() {
  const { t } = useBillingTranslation();
  const profile = useAtomValue(profileAtom);
  const { form, formError, submitWith } = useApiForm<ContactSalesForm>(contactSalesForm, {
    name: profile?.name ?? '',
    email: profile?.email ?? '',
    company: profile?.companyName ?? '',
    teamSize: profile?.numberOfEmployees ?? '',
    message: '',
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onSubmit = submitWith(async (values) => {
    await billingApi.contactSales(values);
    setSentTo(values.email);
    form.reset({ ...values, message: '' });
  });
  const error = (name: 'teamSize' | 'message') => {
    const message = form.formState.errors[name]?.message;
    return validationText(t, typeof message === 'string' ? message : undefined);
  };
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('contact.formLabel')}>
        <Stack gap="4">
          <FormError error={formError} />
          <TextField form={form} name="name" autoComplete="name" label={t('contact.name')} />
          <TextField form={form} name="email" type="email" autoComplete="email" label={t('contact.email')} />
          <TextField form={form} name="company" autoComplete="organization" label={t('contact.company')} />
          <FormField label={t('contact.teamSize')} error={error('teamSize')}>
            <Select
              aria-label={t('contact.teamSize')}
              placeholder={t('common:profileFields.choose')}
              invalid={Boolean(error('teamSize'))}
              options={EMPLOYEE_COUNTS.map((value) => ({ value, label: t(`common:employees.${value}`) }))}
              {...form.register('teamSize')}
            />
          </FormField>
          <FormField
            label={t('contact.message')}
            error={error('message')}
            helper={t('contact.messageHint', { length: CONTACT_MESSAGE_MAX_LENGTH })}
          >
            <Textarea rows={6} aria-invalid={Boolean(error('message')) || undefined} {...form.register('message')} />
          </FormField>
          <HStack justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('contact.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
      <Modal
        open={Boolean(sentTo)}
        onClose={() => setSentTo(null)}
        kind="success"
        title={t('contact.sentTitle')}
        submitText={t('common:buttons.ok')}
      >
        <Text>{t('contact.sentText', { email: sentTo })}</Text>
      </Modal>
    </>
  );
}
