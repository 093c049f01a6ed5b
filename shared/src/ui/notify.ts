import { createToaster } from '@chakra-ui/react/toast';
import { UI } from './constants';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 4 });

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
