// The second door to Chakra UI: widgets driven by state machines, loaded only by the screens that show them.
export { Tabs } from '@chakra-ui/react/tabs';
export { Drawer } from '@chakra-ui/react/drawer';
export { Menu } from '@chakra-ui/react/menu';
export { PinInput } from '@chakra-ui/react/pin-input';
export { Modal, type ModalProps, type ModalKind } from './modal';
export { Pagination, clampPage, pageCount, type PaginationProps } from './pagination';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio-group';
