import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { m } from '@/i18n';

/** A record's own "Delete" in its page header: light red, the bin before the word, busy while the delete runs. */
export function DeleteButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} loading={loading} onClick={onClick}>
      {m.common_delete()}
    </Button>
  );
}
