import type { ReactNode } from 'react';
import { Link as RouterLink } from '@kagami/shared/router';
import { paths } from '@kagami/shared/contract';
import { formatPrice, type CatalogPlan, type Currency, type Interval, type PlanFeatures, type PlanPrice } from '@kagami/shared/api';
import { Badge, Box, Button, Card, Grid, Heading, HStack, Stack, Table, Text, useWideScreen } from '@kagami/shared/ui';
import { useBillingTranslation } from '../../components/use-billing-translation';
import { numberFormat } from '@kagami/shared/i18n';

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

/** What a plan shows in the table and in its card: its name, its price in the chosen cycle, its allowances and the way to get it. */
function usePlanParts({ currency, interval, currentAlias, canCheckout, choosing, onChoose }: Props) {
  const { t, i18n } = useBillingTranslation();
  const name = (plan: PlanFeatures) => t(`plans.${plan.alias}`, { defaultValue: plan.alias });
  const priceOf = (plan: CatalogPlan) => plan.prices.find((price) => price.currency === currency && price.interval === interval);

  const price = (plan: CatalogPlan): ReactNode => {
    if (plan.contactSales) return t('table.custom');
    const found = priceOf(plan);
    if (!found) return t('table.free');
    const perMonth = interval === 'year' ? formatPrice(Math.round(found.unitAmount / 12), currency, i18n.language) : null;
    return (
      <Stack gap="0">
        <Text fontWeight="semibold">{t(`table.per.${interval}`, { price: formatPrice(found.unitAmount, currency, i18n.language) })}</Text>
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
    const found = priceOf(plan);
    if (!found || !canCheckout) return null;
    return (
      <Button size="sm" onClick={() => onChoose(found)} loading={choosing === found.id} disabled={Boolean(choosing)}>
        {t('table.choose', { plan: name(plan) })}
      </Button>
    );
  };

  const count = (plan: CatalogPlan, feature: (typeof COUNTS)[number]) => numberFormat(i18n.language).format(plan[feature]);
  const flag = (plan: CatalogPlan, feature: (typeof FLAGS)[number]) => t(plan[feature] ? 'table.yes' : 'table.no');
  return { t, name, price, action, count, flag };
}

/** The plans side by side (SPEC §3 Plan), from the `md` breakpoint up. */
function PlanTable(props: Props) {
  const { plans, currentAlias } = props;
  const { t, name, price, action, count, flag } = usePlanParts(props);
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
              <Table.Cell key={plan.alias}>{price(plan)}</Table.Cell>
            ))}
          </Table.Row>
          {COUNTS.map((feature) => (
            <Table.Row key={feature}>
              <Table.ColumnHeader scope="row">{t(`features.${feature}`)}</Table.ColumnHeader>
              {plans.map((plan) => (
                <Table.Cell key={plan.alias}>{count(plan, feature)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
          {FLAGS.map((feature) => (
            <Table.Row key={feature}>
              <Table.ColumnHeader scope="row">{t(`features.${feature}`)}</Table.ColumnHeader>
              {plans.map((plan) => (
                <Table.Cell key={plan.alias} color={plan[feature] ? 'brand.700' : 'gray.600'}>
                  {flag(plan, feature)}
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

/** One card per plan, for a phone: name, price, every allowance and the way to get it. */
function PlanCards(props: Props) {
  const { plans, currentAlias } = props;
  const { t, name, price, action, count, flag } = usePlanParts(props);
  return (
    <Grid gap="3" role="list" aria-label={t('table.label')} data-testid="plan-cards">
      {plans.map((plan) => (
        <Card.Root key={plan.alias} role="listitem" size="sm" borderColor={plan.alias === currentAlias ? 'brand.500' : undefined}>
          <Card.Body gap="3">
            <HStack justify="space-between" align="flex-start" gap="2">
              <Heading as="h3" size="md">
                {name(plan)}
              </Heading>
              {price(plan)}
            </HStack>
            <Stack as="dl" gap="1" fontSize="sm">
              {[
                ...COUNTS.map((feature) => [feature, count(plan, feature)] as const),
                ...FLAGS.map((feature) => [feature, flag(plan, feature)] as const),
              ].map(([feature, value]) => (
                <HStack key={feature} justify="space-between" gap="2">
                  <Text as="dt" color="gray.600">
                    {t(`features.${feature}`)}
                  </Text>
                  <Text as="dd" textAlign="end">
                    {value}
                  </Text>
                </HStack>
              ))}
            </Stack>
            <Box>{action(plan)}</Box>
          </Card.Body>
        </Card.Root>
      ))}
    </Grid>
  );
}

/** SPEC §3 Plan: the plans compared in a table on a wide screen, one card per plan on a phone. */
export function Plans(props: Props) {
  return useWideScreen() ? <PlanTable {...props} /> : <PlanCards {...props} />;
}
