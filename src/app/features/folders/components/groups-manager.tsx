import { useCallback, useRef } from 'react';
import { SimpleGrid } from '@mantine/core';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { GroupCard } from './group-card';

/**
 * Folders and labels side by side, each with its own "new" form. Leaving with a name typed and not
 * added asks first (the guard reads the forms' state when the person leaves).
 */
export function GroupsManager() {
  const dirty = useRef({ folders: false, labels: false });
  const onFolders = useCallback((value: boolean) => void (dirty.current.folders = value), []);
  const onLabels = useCallback((value: boolean) => void (dirty.current.labels = value), []);
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <GroupCard kind="folders" onDirtyChange={onFolders} />
        <GroupCard kind="labels" onDirtyChange={onLabels} />
      </SimpleGrid>
      <UnsavedChangesGuard when={() => dirty.current.folders || dirty.current.labels} />
    </>
  );
}
