import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@kagami/shared/router';
import { useTranslation } from '@kagami/shared/i18n';
import { Drawer } from '@kagami/shared/ui-widgets';
import { Button, Flex, Portal } from '@kagami/shared/ui';
import { MenuButton } from './header-buttons';

/**
 * The menu on a phone: a header button opens it from the start edge. Focus stays inside while it is open, Escape or
 * the close button closes it, and it closes itself when a link in it opens another screen.
 */
export function MenuDrawer({
  title,
  brand,
  defaultOpen = false,
  children,
}: {
  title: string;
  brand: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(defaultOpen);
  const { pathname } = useLocation();
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (openedOn.current === pathname) return;
    openedOn.current = pathname;
    setOpen(false);
  }, [pathname]);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="start" lazyMount unmountOnExit>
      <Drawer.Trigger asChild>
        <MenuButton label={title} data-testid="menu-button" />
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="300px">
            <Flex justify="space-between" align="center" px="4" pt="3">
              {brand}
              <Drawer.CloseTrigger asChild>
                <Button color="white" size="sm" aria-label={t('buttons.close')} minW="44px" h="44px" px="0">
                  ✕
                </Button>
              </Drawer.CloseTrigger>
            </Flex>
            <Drawer.Body p="0">
              <Flex as="nav" aria-label={title} direction="column" gap="4" p="4" minH="100%">
                {children}
              </Flex>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
