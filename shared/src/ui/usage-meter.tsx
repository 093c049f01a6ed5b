import { HStack, Stack } from '@chakra-ui/react/stack';
import { Progress } from '@chakra-ui/react/progress';
import { Text } from '@chakra-ui/react/text';

/**
 * One allowance of a plan: its name, how much is used (in words the caller gives), and a bar that turns red once it
 * is used up. The bar is named by the label.
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
  return (
    <Stack gap={compact ? '2' : '1'} data-testid={testId}>
      <HStack justify="space-between" gap="2" wrap="wrap" fontSize={compact ? 'sm' : undefined}>
        <Text fontWeight="medium">{label}</Text>
        <Text color={full ? 'danger' : 'gray.700'}>{text}</Text>
      </HStack>
      <Progress.Root
        size={compact ? 'xs' : undefined}
        value={Math.min(used, total)}
        max={Math.max(total, 1)}
        colorPalette={full ? 'red' : 'brand'}
        aria-label={label}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
