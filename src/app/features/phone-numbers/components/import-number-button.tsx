import { lazy, useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useIsLocalService } from '@/api/local-service';
import { ModalOnDemand } from '@/components/modal-on-demand';
import { m } from '@/i18n';

const ImportNumberModal = lazy(() => import('./import-number-modal'));

/** "Import from Twilio" on the Numbers page: only the local service answers imported numbers. */
export function ImportNumberButton() {
  const local = useIsLocalService();
  const [opened, setOpened] = useState(false);
  if (local !== true) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => setOpened(true)} data-testid="import-twilio">
        {m.numbers_import_twilio()}
      </Button>
      <ModalOnDemand opened={opened} onClose={() => setOpened(false)} title={m.numbers_import_title()} height={420}>
        <ImportNumberModal opened={opened} onClose={() => setOpened(false)} />
      </ModalOnDemand>
    </>
  );
}
