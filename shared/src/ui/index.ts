// The door to Chakra UI: layout primitives and the kit. Widgets driven by state machines (menu, dialog,
// pin input, pagination, radio group, tabs) have their own door, @kagami/shared/ui-widgets, so a page that
// shows none of them does not load them.
export { Alert } from '@chakra-ui/react/alert';
export { Badge } from '@chakra-ui/react/badge';
export { Box } from '@chakra-ui/react/box';
export { Card } from '@chakra-ui/react/card';
export { Center } from '@chakra-ui/react/center';
export { Checkbox } from '@chakra-ui/react/checkbox';
export { Code } from '@chakra-ui/react/code';
export { Container } from '@chakra-ui/react/container';
export { EmptyState } from '@chakra-ui/react/empty-state';
export { Flex } from '@chakra-ui/react/flex';
export { Grid } from '@chakra-ui/react/grid';
export { Heading } from '@chakra-ui/react/heading';
export { Input } from '@chakra-ui/react/input';
export { Link } from '@chakra-ui/react/link';
export { Portal } from '@chakra-ui/react/portal';
export { Progress } from '@chakra-ui/react/progress';
export { Separator } from '@chakra-ui/react/separator';
export { Skeleton } from '@chakra-ui/react/skeleton';
export { Spinner } from '@chakra-ui/react/spinner';
export { HStack, Stack, VStack } from '@chakra-ui/react/stack';
export { Switch } from '@chakra-ui/react/switch';
export { Table } from '@chakra-ui/react/table';
export { Text } from '@chakra-ui/react/text';
export { Textarea } from '@chakra-ui/react/textarea';
export { system } from './theme';
export { UI } from './constants';
export { UiProvider } from './provider';
export { Button, type ButtonProps, type ButtonSize, type ButtonColor } from './button';
export { LazyImage, type ImageSource } from './lazy-image';
export { Select, type SelectProps, type Option } from './select';
export { FormField } from './form-field';
export { notify, type NotificationStatus } from './notify';
export { Icon, type IconName, type IconSize } from './icon';
export { LoadState } from './load-state';
export { Section } from './section';
export { UsageMeter } from './usage-meter';
