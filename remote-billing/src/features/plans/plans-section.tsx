import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@kagami/shared/query';
import { useSearchParams } from '@kagami/shared/router';
import { billingApi, billingKeys, planClass, type Currency, type Interval, type ProductType } from '@kagami/shared/api';
import { FormError } from '@kagami/shared/forms';
import { apiSubscriptionAtom, subscriptionAtom } from '@kagami/shared/session';
import { FormField, HStack, LoadState, Section, Select, Stack, Text } from '@kagami/shared/ui';
import { RadioGroup, Tabs } from '@kagami/shared/ui-widgets';
import { useBillingTranslation } from '../../components/use-billing-translation';
import { Plans } from './plans';
import { useCheckout } from './use-checkout';

const PRODUCTS: ProductType[] = ['app', 'api'];

function ProductPlans({
  productType,
  interval,
  currency,
  portal,
}: {
  productType: ProductType;
  interval: Interval;
  currency: Currency;
  portal: ReactNode;
}) {
  const { t } = useBillingTranslation();
  const plans = useQuery({ queryKey: billingKeys.plans(productType), queryFn: () => billingApi.plans(productType) });
  const current = useAtomValue(productType === 'app' ? subscriptionAtom : apiSubscriptionAtom);
  const checkout = useCheckout();
  const paid = planClass(current?.plan?.alias) !== 'free';
  return (
    <LoadState loading={plans.isPending} error={plans.isError ? { code: 'plan_info_failed' } : null} onRetry={() => void plans.refetch()}>
      <Stack gap="4">
        <FormError error={checkout.error} />
        <Plans
          plans={plans.data?.plans ?? []}
          currency={currency}
          interval={interval}
          currentAlias={current?.plan?.alias ?? (productType === 'app' ? 'free' : '')}
          canCheckout={!paid}
          choosing={checkout.isPending || checkout.isSuccess ? (checkout.variables?.price.id ?? null) : null}
          onChoose={(price) => checkout.mutate({ price, productType })}
        />
        {paid ? (
          <HStack gap="4" wrap="wrap">
            <Text color="gray.700">{t('plansSection.changeInPortal')}</Text>
            {portal}
          </HStack>
        ) : null}
      </Stack>
    </LoadState>
  );
}

/** SPEC §2 Subscription, plan selection: app and API plans, monthly or yearly, in the currency the user pays in. */
export function PlansSection({ portal }: { portal: ReactNode }) {
  const { t, i18n } = useBillingTranslation();
  const app = useAtomValue(subscriptionAtom);
  const api = useAtomValue(apiSubscriptionAtom);
  const held = app?.plan?.currency ?? api?.plan?.currency ?? null;
  const [chosenCurrency, setCurrency] = useState<Currency>(i18n.language === 'ja' ? 'jpy' : 'usd');
  const currency = held ?? chosenCurrency;
  const [interval, setInterval] = useState<Interval>(app?.plan?.interval ?? 'month');
  const [params] = useSearchParams();
  const [product, setProduct] = useState<ProductType>(() => (params.get('plans') === 'api' ? 'api' : 'app'));
  return (
    <Section title={t('plansSection.title')}>
      <HStack gap="8" align="flex-start" wrap="wrap">
        <RadioGroup
          label={t('cycle.label')}
          name="cycle"
          value={interval}
          onChange={(value) => setInterval(value as Interval)}
          options={[
            { value: 'month', label: t('cycle.monthly'), cycle: 'month' },
            { value: 'year', label: t('cycle.yearly'), cycle: 'year', cycleText: t('cycle.yearlySaving') },
          ]}
        />
        <FormField label={t('currency.label')} helper={held ? t('currency.locked', { currency: held.toUpperCase() }) : undefined}>
          <Select
            aria-label={t('currency.label')}
            value={currency}
            onChange={(event) => setCurrency(event.target.value as Currency)}
            options={[
              { value: 'usd', label: t('currency.usd') },
              { value: 'jpy', label: t('currency.jpy') },
            ]}
            disabled={Boolean(held)}
          />
        </FormField>
      </HStack>
      <Tabs.Root value={product} onValueChange={(details) => setProduct(details.value as ProductType)} colorPalette="brand" lazyMount>
        <Tabs.List>
          {PRODUCTS.map((type) => (
            <Tabs.Trigger key={type} value={type}>
              {t(`plansSection.${type}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PRODUCTS.map((type) => (
          <Tabs.Content key={type} value={type}>
            {type === 'api' ? (
              <Text color="gray.700" mb="3">
                {t('plansSection.apiIntro')}
              </Text>
            ) : null}
            <ProductPlans productType={type} interval={interval} currency={currency} portal={portal} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Section>
  );
}
