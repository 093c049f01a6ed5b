import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { ProductType } from '@kagami/shared/api';
import { profileAtom } from '@kagami/shared/session';
import { Heading, Stack, Text } from '@kagami/shared/ui';
import { Tabs } from '@kagami/shared/ui-widgets';
import { useBillingTranslation } from '../components/use-billing-translation';
import { HistoryPanel } from '../features/history/history-panel';

const TYPES: ProductType[] = ['app', 'api'];

/** SPEC §2 History: App History and API History of the current team. */
export default function HistoryScreen() {
  const { t } = useBillingTranslation();
  const team = useAtomValue(profileAtom)?.currentTeam;
  const [type, setType] = useState<ProductType>('app');
  return (
    <Stack gap="6" maxW="5xl">
      <Heading as="h1" size="2xl">
        {t('history.title')}
      </Heading>
      <Text color="gray.700">{t('history.intro', { team: team?.name ?? '' })}</Text>
      {team ? (
        <Tabs.Root value={type} onValueChange={(details) => setType(details.value as ProductType)} colorPalette="brand" lazyMount>
          <Tabs.List>
            {TYPES.map((value) => (
              <Tabs.Trigger key={value} value={value}>
                {t(`history.tabs.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TYPES.map((value) => (
            <Tabs.Content key={value} value={value}>
              <HistoryPanel teamId={team.id} type={value} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : null}
    </Stack>
  );
}
