import type { TeamSummary } from '@kagami/shared/api';
import { useTranslation } from '@kagami/shared/i18n';
import { Badge, Button, HStack, Icon, Text, type ButtonProps } from '@kagami/shared/ui';

/**
 * The header's two buttons, without the widgets they open: the menu and team switcher render them as their triggers,
 * and the frame shows them alone while those widgets load, looking the same.
 */
export function MenuButton({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button color="white" size="sm" aria-label={label} minW="44px" h="44px" px="0" {...props}>
      <Icon name="menu" size="xs" />
    </Button>
  );
}

export function TeamButton({ team, ...props }: ButtonProps & { team: TeamSummary | null | undefined }) {
  const { t } = useTranslation('shell');
  return (
    <Button color="white" size="sm" title={t('team.switch')} {...props}>
      <HStack gap="2">
        <Icon name="team" size="xs" />
        <Text fontWeight="semibold" data-testid="current-team-name">
          {team?.name ?? t('team.none')}
        </Text>
        {team ? <Badge colorPalette="brand">{t(`team.role.${team.role}`)}</Badge> : null}
      </HStack>
    </Button>
  );
}
