import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

interface RowsEditorProps {
  /** The list's name, as the form shows it above the rows. */
  heading: ReactNode;
  description?: ReactNode;
  /** How many rows there are: none shows `emptyText`, some show the column headings. */
  count: number;
  emptyText: string;
  /**
   * Headings over side-by-side rows, hidden on phones where each row stacks. The inputs carry their own
   * names (with the row's number) for screen readers, so these are for the eye only.
   */
  columns?: { label: string; flex: number }[];
  /** The list's own error (too many rows, a duplicate key), below the rows. */
  error?: string | undefined;
  addLabel: string;
  onAdd: () => void;
  addDisabled?: boolean;
  children: ReactNode;
}

/**
 * The frame of an editable list of rows (variables, headers, parameters, extracted fields): heading,
 * empty state, column headings, the rows, the list's error and the add button. The rows are the
 * caller's, since each list has its own inputs.
 */
export function RowsEditor({ heading, description, count, emptyText, columns, error, addLabel, onAdd, addDisabled, children }: RowsEditorProps) {
  return (
    <Stack gap="xs">
      <div>
        {typeof heading === 'string' ? (
          <Text fw={600} size="sm">
            {heading}
          </Text>
        ) : (
          heading
        )}
        {description ? (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {count === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          {emptyText}
        </Text>
      ) : null}
      {count > 0 && columns ? (
        // Room on the right for the rows' remove buttons.
        <Group gap="xs" wrap="nowrap" visibleFrom="xs" aria-hidden pr={42}>
          {columns.map((c) => (
            <Text key={c.label} size="xs" fw={600} style={{ flex: c.flex }}>
              {c.label}
            </Text>
          ))}
        </Group>
      ) : null}
      {children}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd} disabled={addDisabled}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** A row's remove button; `label` names the row ("Remove header 2"). `mt` lines it up with labelled inputs. */
export function RemoveRowButton({ label, onClick, mt }: { label: string; onClick: () => void; mt?: number }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" mt={mt} onClick={onClick} aria-label={label}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}
