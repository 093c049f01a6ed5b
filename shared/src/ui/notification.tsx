import { createToaster, Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { UI } from './constants';

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

export type NotificationStatus = 'success' | 'error' | 'info' | 'warning';

/** Shows a notification for 5000 ms unless told otherwise. */
export function notify(options: { status: NotificationStatus; title: string; description?: string; durationMs?: number }) {
  toaster.create({
    type: options.status,
    title: options.title,
    description: options.description,
    duration: options.durationMs ?? UI.notificationMs,
  });
}

export function Notifications() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
