import { Modal, Skeleton, Stack, type MantineSize } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';
import { m } from '@/i18n';

/**
 * A dialog whose code loads when it is first opened (`children`: a React.lazy dialog that draws its own
 * Modal). Until then nothing is mounted; while the code loads, the same dialog stands open with grey
 * bars of about the form's height (`height`, px) and says it is loading, so the dialog neither waits to
 * appear nor jumps when its form arrives. Once loaded it stays mounted, as a Modal does.
 */
export function ModalOnDemand({
  opened,
  onClose,
  title,
  size,
  height,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: MantineSize;
  height: number;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense
      fallback={
        <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
          <Stack gap="md" role="status" aria-busy="true" aria-label={m.common_loading()}>
            <Skeleton height={height - 52} />
            <Skeleton height={36} width={220} ml="auto" />
          </Stack>
        </Modal>
      }
    >
      {children}
    </Suspense>
  );
}
