import { Heading, Section, Stack, Text } from '@kagami/shared/ui';
import { useBillingTranslation } from '../components/use-billing-translation';
import { ContactSalesFormPanel } from '../features/contact-sales/contact-sales-form';

/** SPEC §2 ContactSales: the Business plan is sold by the sales team. */
export default function ContactSalesScreen() {
  const { t } = useBillingTranslation();
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        {t('contact.title')}
      </Heading>
      <Text color="gray.700">{t('contact.intro')}</Text>
      <Section title={t('contact.formLabel')}>
        <ContactSalesFormPanel />
      </Section>
    </Stack>
  );
}
