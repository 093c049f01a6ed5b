import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { uiSystem } from '@kagami/shared/ui';
import { nextTask } from './next-task';

/**
 * Renders the first screen as a phone's main thread can bear it: the UI kit's theme is built in a task of its own,
 * then React renders as a transition, in slices that yield to the browser, instead of one long task.
 */
export async function renderFirstScreen(container: Element, app: ReactNode) {
  await nextTask();
  uiSystem();
  await nextTask();
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
