// The only door to Chakra UI: remotes import layout primitives and the kit from here.
export {
  Alert,
  Badge,
  Box,
  Card,
  Code,
  Center,
  Checkbox,
  Container,
  Flex,
  Grid,
  Heading,
  HStack,
  Input,
  Link,
  Menu,
  Portal,
  Progress,
  Separator,
  Spinner,
  Stack,
  Text,
  VStack,
  PinInput,
  Skeleton,
  EmptyState,
  Table,
  Textarea,
  Switch,
} from '@chakra-ui/react';
export { system } from './theme';
export { UI } from './constants';
export { UiProvider } from './provider';
export { Button, type ButtonProps, type ButtonSize, type ButtonColor } from './button';
export { Modal, type ModalProps, type ModalKind } from './modal';
export { Pagination, clampPage, pageCount, type PaginationProps } from './pagination';
export { LazyImage, type ImageSource } from './lazy-image';
export { Select, type SelectProps, type Option } from './select';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio-group';
export { FormField } from './form-field';
export { notify, toaster, Notifications, type NotificationStatus } from './notification';
export { Icon, type IconName, type IconSize } from './icon';
export { LoadState } from './load-state';
