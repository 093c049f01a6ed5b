import { FormField, HStack, Select } from '@kagami/shared/ui';
import { PLACEMENTS, type PlacementPosition } from '@kagami/shared/validation';
import { useStudioTranslation } from './use-studio-translation';

export type PlacementLook = { position: PlacementPosition; scale: number };
const SCALES = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.35, 0.3];

/** Where the presenter stands (full, beside the content, in the corner) and how large. */
export function PlacementFields({ placement, onChange }: { placement: PlacementLook; onChange: (placement: PlacementLook) => void }) {
  const { t } = useStudioTranslation();
  return (
    <HStack gap="4" wrap="wrap" align="flex-start">
      <FormField label={t('videoNew.look.placement')}>
        <Select
          aria-label={t('videoNew.look.placement')}
          value={placement.position}
          options={PLACEMENTS.map((position) => ({ value: position, label: t(`videoNew.look.placements.${position}`) }))}
          onChange={(event) => onChange({ ...placement, position: event.target.value as PlacementPosition })}
        />
      </FormField>
      <FormField label={t('videoNew.look.scale')}>
        <Select
          aria-label={t('videoNew.look.scale')}
          value={String(placement.scale)}
          options={SCALES.map((scale) => ({ value: String(scale), label: `${Math.round(scale * 100)}%` }))}
          onChange={(event) => onChange({ ...placement, scale: Number(event.target.value) })}
        />
      </FormField>
    </HStack>
  );
}
