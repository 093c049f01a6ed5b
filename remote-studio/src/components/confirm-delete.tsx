import { useState, type ReactNode } from 'react';
import { errorText } from '@kagami/shared/i18n';
import { Button, notify, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useStudioTranslation } from './use-studio-translation';

/** A delete button that asks first; a failure leaves the dialog open with the reason. */
export function ConfirmDelete({
  name,
  title,
  onDelete,
  children,
}: {
  name: string;
  title: string;
  onDelete: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useStudioTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onDelete();
      setOpen(false);
      notify({ status: 'success', title: t('deleted', { name }) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" color="white" onClick={() => setOpen(true)} aria-label={`${t('common:buttons.delete')} ${name}`}>
        {t('common:buttons.delete')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        danger
        submitText={t('common:buttons.delete')}
        submitting={busy}
        onSubmit={() => void confirm()}
      >
        {children ?? <Text>{t('confirmDelete', { name })}</Text>}
        {error ? (
          <Text role="alert" color="danger" mt="3">
            {errorText(t, error)}
          </Text>
        ) : null}
      </Modal>
    </>
  );
}
