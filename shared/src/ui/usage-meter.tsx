import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

/**
 * One allowance of a plan: its name, how much is used (in words the caller gives), and a bar that turns red once it
 * is used up. The bar is named by the label. It is drawn as the UI kit's Progress draws it, but without Progress: its
 * state machine makes an Intl.NumberFormat, and the first Intl object a page makes is a long task on a phone (the
 * sidebar's meter is on every signed-in screen).
 */
export function UsageMeter({
  label,
  text,
  used,
  total,
  compact = false,
  testId,
}: {
  label: string;
  text: string;
  used: number;
  total: number;
  compact?: boolean;
  testId?: string;
}) {
  const full = used >= total;
  const max = Math.max(total, 1);
  const value = Math.max(0, Math.min(used, max));
  return (
    <Stack gap={compact ? '2' : '1'} data-testid={testId}>
      <HStack justify="space-between" gap="2" wrap="wrap" fontSize={compact ? 'sm' : undefined}>
        <Text fontWeight="medium">{label}</Text>
        <Text color={full ? 'danger' : 'gray.700'}>{text}</Text>
      </HStack>
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        colorPalette={full ? 'red' : 'brand'}
        h={compact ? '1.5' : '2.5'}
        bg="bg.muted"
        borderRadius="l1"
        overflow="hidden"
      >
        <Box h="full" w={`${(100 * value) / max}%`} bg="colorPalette.solid" transition="width 0.2s" />
      </Box>
    </Stack>
  );
}
