import { useEffect, useState, type KeyboardEvent } from 'react';
import { api } from '@kagami/shared/api';
import { Box, Button, HStack, Icon, Stack, Text, VisuallyHidden } from '@kagami/shared/ui';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { sceneSeconds, type SceneDraft } from './scene-model';

type Props = {
  scenes: SceneDraft[];
  selected: number;
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
};

/**
 * The video's scenes in order, each with its thumbnail and spoken length: chosen by a click, reordered by dragging or
 * by Alt+Arrow keys on a focused scene (said aloud where it went), duplicated or deleted.
 */
export function SceneList({ scenes, selected, onSelect, onMove, onDuplicate, onDelete }: Props) {
  const { t } = useStudioTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const move = (from: number, to: number) => {
    if (to < 0 || to >= scenes.length) return;
    onMove(from, to);
    setSaid(t('editor.moved', { from: from + 1, to: to + 1 }));
  };
  const onKey = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const to = index + (event.key === 'ArrowUp' ? -1 : 1);
    move(index, to);
    // The moved scene keeps the focus, in its new place.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-scene-index="${to}"]`)?.focus());
  };
  return (
    <>
      <Stack gap="2" as="ol" aria-label={t('editor.scenes')} listStyleType="none" m="0" p="0">
        {scenes.map((scene, index) => (
          <Box
            as="li"
            key={scene.key}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            borderWidth="2px"
            borderColor={index === selected ? 'brand.600' : 'border'}
            borderRadius="md"
            bg="white"
            p="2"
            data-testid="scene-item"
          >
            <HStack gap="2" align="flex-start">
              <Box
                as="button"
                textAlign="start"
                flex="1"
                minW="0"
                cursor="pointer"
                data-scene-index={index}
                aria-current={index === selected ? 'true' : undefined}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                onClick={() => onSelect(index)}
                onKeyDown={onKey(index)}
              >
                <HStack gap="2" align="flex-start">
                  <Thumbnail scene={scene} />
                  <Stack gap="0" minW="0">
                    <Text fontWeight="medium" fontSize="sm">
                      {t('editor.sceneNumber', { number: index + 1 })}
                      {scene.avatarId ? '' : ` · ${t('editor.voiceOver')}`}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {scene.script.trim() || t('editor.noScript')}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {t('editor.seconds', { seconds: sceneSeconds(scene) })}
                    </Text>
                  </Stack>
                </HStack>
              </Box>
              <Stack gap="1">
                <Button
                  size="sm"
                  color="white"
                  aria-label={t('editor.moveUp', { number: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  color="white"
                  aria-label={t('editor.moveDown', { number: index + 1 })}
                  disabled={index === scenes.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </Button>
              </Stack>
              <Stack gap="1">
                <Button
                  size="sm"
                  color="white"
                  aria-label={t('editor.duplicate', { number: index + 1 })}
                  onClick={() => onDuplicate(index)}
                >
                  <Icon name="copy" size="xs" />
                </Button>
                <Button
                  size="sm"
                  color="white"
                  aria-label={t('editor.delete', { number: index + 1 })}
                  disabled={scenes.length === 1}
                  onClick={() => onDelete(index)}
                >
                  ✕
                </Button>
              </Stack>
            </HStack>
          </Box>
        ))}
      </Stack>
      {/* Beside the list, not in it: an <ol> holds only its items. */}
      <VisuallyHidden aria-live="polite" data-testid="scene-moves">
        {said}
      </VisuallyHidden>
    </>
  );
}

/** A small picture of what is behind the scene: its slide, or its colour. */
function Thumbnail({ scene }: { scene: SceneDraft }) {
  const background = scene.background;
  if (scene.thumbnail) return <SlideThumbnail path={scene.thumbnail} />;
  return (
    <Box
      w="64px"
      h="36px"
      flexShrink="0"
      borderRadius="sm"
      borderWidth="1px"
      style={{ background: background?.type === 'color' ? background.value : '#E5E7EB' }}
      aria-hidden
    />
  );
}

/** A slide's thumbnail: an asset path of the API's (`/assets/data/...`), opened by its signed address. */
function SlideThumbnail({ path }: { path: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.assetUrl(path, controller.signal).then(
      (signed) => !controller.signal.aborted && setUrl(signed),
      () => undefined,
    );
    return () => controller.abort();
  }, [path]);
  return (
    <Box w="64px" h="36px" flexShrink="0" borderRadius="sm" borderWidth="1px" bg="gray.100" overflow="hidden" aria-hidden>
      {url ? <img src={url} alt="" width={64} height={36} style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : null}
    </Box>
  );
}
