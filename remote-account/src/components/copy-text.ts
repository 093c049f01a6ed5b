import { notify } from '@kagami/shared/ui';

/** Copies to the clipboard and says whether it worked. */
export async function copyText(text: string, copied: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify({ status: 'success', title: copied });
  } catch {
    notify({ status: 'warning', title: failed });
  }
}
