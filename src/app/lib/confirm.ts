import type { ReactNode } from 'react';
import { modals } from '@mantine/modals';
import { m } from '@/i18n';

/** A confirmation dialog as a promise: true when the person confirmed. */
export function confirmAction(options: {
  title: ReactNode;
  children: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: options.children,
      labels: { confirm: options.confirmLabel ?? m.common_confirm(), cancel: m.common_cancel() },
      confirmProps: options.danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
