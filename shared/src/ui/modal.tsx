import { CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { UI } from './constants';

export type ModalKind = 'success' | 'error' | 'confirm';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** success: one submit button; error: one cancel button; confirm: cancel plus submit. */
  kind?: ModalKind;
  onSubmit?: () => void;
  submitText?: string;
  cancelText?: string;
  submitting?: boolean;
  danger?: boolean;
  size?: 'xs' | 'sm' | 'md';
};

export function Modal({
  open,
  onClose,
  title,
  children,
  kind = 'confirm',
  onSubmit,
  submitText,
  cancelText,
  submitting,
  danger,
  size = 'md',
}: ModalProps) {
  const { t } = useTranslation('common');
  // A dialog that has not been opened is not there: a closed Dialog.Root still starts its state machine and renders
  // its parts (to nothing), and a list of rows with a dialog each paid for all of them in its first render.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  if (!mounted) return null;
  const submit = (
    <Button onClick={onSubmit ?? onClose} loading={submitting} danger={danger}>
      {submitText ?? t('buttons.submit')}
    </Button>
  );
  const cancel = (
    <Button color="white" onClick={onClose} disabled={submitting}>
      {cancelText ?? t('buttons.cancel')}
    </Button>
  );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      // A full-height sheet on a phone.
      size={{ base: 'full', md: size }}
      placement="center"
      motionPreset="scale"
      role={kind === 'confirm' ? 'alertdialog' : 'dialog'}
      onExitComplete={() => setMounted(false)}
    >
      <Portal>
        <Dialog.Backdrop style={{ transitionDuration: `${UI.modalTransitionMs}ms` }} />
        <Dialog.Positioner>
          <Dialog.Content style={{ transitionDuration: `${UI.modalTransitionMs}ms` }}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children ? <Dialog.Body>{children}</Dialog.Body> : null}
            <Dialog.Footer>
              {kind === 'success' && submit}
              {kind === 'error' && cancel}
              {kind === 'confirm' && (
                <>
                  {cancel}
                  {submit}
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('buttons.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
