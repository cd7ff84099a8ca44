import { useState } from 'react';
import { ActionIcon, Divider, Group, Modal, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { AssistantGroup } from '@contract/folders';
import { useAssistantGroups, type GroupKind } from '@/api/get-assistant-groups';
import { GroupBadge } from '@/components/group-badge';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { m } from '@/i18n';
import { DASH, formatNumber } from '@/i18n/format';
import { confirmAction } from '@/lib/confirm';
import { isGroupColor } from '@/lib/group-colors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useGroupMutations } from '../api/save-group';
import { emptyGroupForm } from '../lib/group-form';
import { GroupForm } from './group-form';

/** The words of one kind, so the two cards are one component. */
function wordsOf(kind: GroupKind) {
  return kind === 'folders'
    ? {
        title: m.folders_folders_title(),
        description: m.folders_folders_description(),
        nameLabel: m.folders_new_folder_name(),
        add: m.folders_add_folder(),
        empty: m.folders_folders_empty(),
        loadError: m.folders_folders_load_error(),
        edit: (name: string) => m.folders_edit_folder({ name }),
        remove: (name: string) => m.folders_delete_folder({ name }),
        confirmBody: (name: string, count: string) => m.folders_delete_folder_body({ name, count }),
        created: (name: string) => m.folders_folder_created({ name }),
        deleted: (name: string) => m.folders_folder_deleted({ name }),
      }
    : {
        title: m.folders_labels_title(),
        description: m.folders_labels_description(),
        nameLabel: m.folders_new_label_name(),
        add: m.folders_add_label(),
        empty: m.folders_labels_empty(),
        loadError: m.folders_labels_load_error(),
        edit: (name: string) => m.folders_edit_label({ name }),
        remove: (name: string) => m.folders_delete_label({ name }),
        confirmBody: (name: string, count: string) => m.folders_delete_label_body({ name, count }),
        created: (name: string) => m.folders_label_created({ name }),
        deleted: (name: string) => m.folders_label_deleted({ name }),
      };
}

/**
 * One kind's card: a form that adds one, then the list (badge, how many assistants, edit and delete).
 * Editing opens a dialog with the same form; deleting asks first and says what happens to the assistants.
 */
export function GroupCard({ kind, onDirtyChange }: { kind: GroupKind; onDirtyChange: (dirty: boolean) => void }) {
  const words = wordsOf(kind);
  const list = useAssistantGroups(kind);
  const { create, update, remove } = useGroupMutations(kind);
  const [editing, setEditing] = useState<AssistantGroup | null>(null);
  const singular = kind === 'folders' ? 'folder' : 'label';

  const onDelete = async (g: AssistantGroup) => {
    const count = formatNumber(g.assistants_count ?? 0);
    const ok = await confirmAction({ title: words.remove(g.name), children: words.confirmBody(g.name, count), confirmLabel: m.common_delete(), danger: true });
    if (!ok) return;
    try {
      await remove.mutateAsync(g.id);
      notifySuccess(words.deleted(g.name), m.common_deleted());
    } catch (e) {
      notifyError(e, m.folders_not_deleted());
    }
  };

  return (
    <SectionCard id={`${kind}-heading`} title={words.title} description={words.description}>
      <GroupForm
        initial={emptyGroupForm()}
        nameLabel={words.nameLabel}
        submitLabel={words.add}
        resetAfterSave
        onDirtyChange={onDirtyChange}
        save={async (values) => {
          const answer = await create.mutateAsync({ name: values.name, color: values.color });
          notifySuccess(words.created(answer.data.name), m.folders_saved());
        }}
      />
      <Divider />
      <QueryState
        query={list}
        errorTitle={words.loadError}
        isEmpty={(d) => d === null || d.length === 0}
        empty={
          <Text c="dimmed" size="sm">
            {list.data === null ? m.folders_not_offered() : words.empty}
          </Text>
        }
      >
        {(groups) => (
          <Table verticalSpacing="xs" aria-labelledby={`${kind}-heading`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.common_name()}</Table.Th>
                <Table.Th ta="right">{m.folders_assistants()}</Table.Th>
                <Table.Th ta="right">
                  <VisuallyHidden>{m.folders_actions()}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(groups ?? []).map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>
                    <GroupBadge group={g} kind={singular} />
                  </Table.Td>
                  <Table.Td ta="right">{g.assistants_count === null ? DASH : formatNumber(g.assistants_count)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={words.edit(g.name)}>
                        <ActionIcon variant="subtle" aria-label={words.edit(g.name)} onClick={() => setEditing(g)}>
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={words.remove(g.name)}>
                        <ActionIcon variant="subtle" color="red" aria-label={words.remove(g.name)} onClick={() => void onDelete(g)}>
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? words.edit(editing.name) : ''} centered>
        {editing ? (
          <Stack>
            <GroupForm
              initial={{ name: editing.name, color: isGroupColor(editing.color) ? editing.color : null }}
              nameLabel={m.common_name()}
              submitLabel={m.folders_save()}
              onCancel={() => setEditing(null)}
              save={async (values) => {
                await update.mutateAsync({ id: editing.id, body: { name: values.name, color: values.color } });
                notifySuccess(m.folders_updated({ name: values.name }), m.folders_saved());
                setEditing(null);
              }}
            />
          </Stack>
        ) : null}
      </Modal>
    </SectionCard>
  );
}
