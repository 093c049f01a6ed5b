import type { ReactNode } from 'react';
import { Link as RouterLink } from '@kagami/shared/router';
import { paths } from '@kagami/shared/contract';
import { formatPrice, type CatalogPlan, type Currency, type Interval, type PlanFeatures, type PlanPrice } from '@kagami/shared/api';
import { Badge, Button, Stack, Table, Text } from '@kagami/shared/ui';
import { useBillingTranslation } from '../../components/use-billing-translation';

type Props = {
  plans: CatalogPlan[];
  currency: Currency;
  interval: Interval;
  /** The alias of the plan the user is on. */
  currentAlias: string;
  /** Checkout is offered only to a user without a paid plan of this kind; a paid one changes plan in the billing portal. */
  canCheckout: boolean;
  choosing: string | null;
  onChoose: (price: PlanPrice) => void;
};

const COUNTS = ['avatarSlots', 'customAvatarsPerMonth', 'videoMinutesPerMonth', 'customVoicesPerMonth', 'audioMinutesPerMonth'] as const;
const FLAGS = ['watermarkRemoval', 'commercialUse'] as const;

/** The plans side by side (SPEC §3 Plan): price in the chosen cycle and currency, every allowance, and the way to get each. */
export function PlanTable({ plans, currency, interval, currentAlias, canCheckout, choosing, onChoose }: Props) {
  const { t, i18n } = useBillingTranslation();
  const name = (plan: PlanFeatures) => t(`plans.${plan.alias}`, { defaultValue: plan.alias });
  const priceOf = (plan: CatalogPlan) => plan.prices.find((price) => price.currency === currency && price.interval === interval);

  const priceCell = (plan: CatalogPlan): ReactNode => {
    if (plan.contactSales) return t('table.custom');
    const price = priceOf(plan);
    if (!price) return t('table.free');
    const perMonth = interval === 'year' ? formatPrice(Math.round(price.unitAmount / 12), currency, i18n.language) : null;
    return (
      <Stack gap="0">
        <Text fontWeight="semibold">{t(`table.per.${interval}`, { price: formatPrice(price.unitAmount, currency, i18n.language) })}</Text>
        {perMonth ? (
          <Text fontSize="xs" color="gray.600">
            {t('table.perMonthEquivalent', { price: perMonth })}
          </Text>
        ) : null}
      </Stack>
    );
  };

  const action = (plan: CatalogPlan): ReactNode => {
    if (plan.alias === currentAlias) return <Badge colorPalette="brand">{t('table.currentPlan')}</Badge>;
    if (plan.contactSales) {
      return (
        <Button asChild size="sm" color="secondary">
          <RouterLink to={paths.contactSales()}>{t('table.contactSales')}</RouterLink>
        </Button>
      );
    }
    const price = priceOf(plan);
    if (!price || !canCheckout) return null;
    return (
      <Button size="sm" onClick={() => onChoose(price)} loading={choosing === price.id} disabled={Boolean(choosing)}>
        {t('table.choose', { plan: name(plan) })}
      </Button>
    );
  };

  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="white">
      <Table.Root aria-label={t('table.label')} size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('table.feature')}</Table.ColumnHeader>
            {plans.map((plan) => (
              <Table.ColumnHeader key={plan.alias} bg={plan.alias === currentAlias ? 'brand.50' : undefined}>
                {name(plan)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            <Table.ColumnHeader scope="row">{t('table.price')}</Table.ColumnHeader>
            {plans.map((plan) => (
              <Table.Cell key={plan.alias}>{priceCell(plan)}</Table.Cell>
            ))}
          </Table.Row>
          {COUNTS.map((feature) => (
            <Table.Row key={feature}>
              <Table.ColumnHeader scope="row">{t(`features.${feature}`)}</Table.ColumnHeader>
              {plans.map((plan) => (
                <Table.Cell key={plan.alias}>{plan[feature].toLocaleString(i18n.language)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
          {FLAGS.map((feature) => (
            <Table.Row key={feature}>
              <Table.ColumnHeader scope="row">{t(`features.${feature}`)}</Table.ColumnHeader>
              {plans.map((plan) => (
                <Table.Cell key={plan.alias} color={plan[feature] ? 'brand.700' : 'gray.600'}>
                  {t(plan[feature] ? 'table.yes' : 'table.no')}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
          <Table.Row>
            <Table.Cell />
            {plans.map((plan) => (
              <Table.Cell key={plan.alias}>{action(plan)}</Table.Cell>
            ))}
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
