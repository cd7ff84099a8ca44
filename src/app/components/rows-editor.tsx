import type { ReactNode } from 'react';
import { ActionIcon, Button, Card, Grid, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { get, useFieldArray, useFormState, useWatch, type ArrayPath, type Control, type FieldArray, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { formatNumber } from '@/i18n/format';
import { SelectField } from './select-field';

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

/** Words of a row, from its number in the reader's digits ("Remove header 2"). */
type RowWords = (number: string) => string;

/** The frame's words and limits, as `RowsEditor` takes them. */
type FrameProps = Pick<RowsEditorProps, 'heading' | 'description' | 'emptyText' | 'addLabel'> & {
  /** No add button past this many rows. */
  maxRows?: number;
};

/** A form's array field, with the form's own `control` and `register`. */
interface ArrayFieldProps<T extends FieldValues> {
  control: Control<T>;
  register: UseFormRegister<T>;
  name: ArrayPath<T>;
}

/**
 * A form's array field as the editor shows it: its rows, a row's field by key (`path(2, 'name')`) and its
 * text input (`inputAt(2, 'name')`), and the frame's count, list error and add button.
 */
function useArrayField<T extends FieldValues>(
  { control, register, name }: ArrayFieldProps<T>,
  newRow: () => FieldArray<T, ArrayPath<T>>,
  maxRows?: number,
) {
  const rows = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name: name as unknown as Path<T> });
  const errorAt = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  const frame = {
    count: rows.fields.length,
    error: errorAt(`${name}.root`) ?? errorAt(name),
    onAdd: () => rows.append(newRow()),
    addDisabled: maxRows === undefined ? undefined : rows.fields.length >= maxRows,
  };
  const path = (i: number, key: string) => `${name}.${i}.${key}` as Path<T>;
  /** A row's text input by key: registered with the form, with the form's error for it. */
  const inputAt = (i: number, key: string) => ({ ...register(path(i, key)), error: errorAt(path(i, key)) });
  return { rows: rows.fields, remove: rows.remove, path, inputAt, frame };
}

/** A row's type: the types offered, and the row's own when it is not among them (one the service added). */
function TypeSelect<T extends FieldValues>({
  types,
  typeLabel,
  ...field
}: { control: Control<T>; name: Path<T>; types: readonly string[]; typeLabel: (type: string) => string; label: string; 'aria-label': string }) {
  const current = useWatch({ control: field.control, name: field.name }) as string;
  const data = [...new Set<string>([...types, current])].map((t) => ({ value: t, label: typeLabel(t) }));
  return <SelectField {...field} keepOnClear data={data} allowDeselect={false} />;
}

export interface TypedFieldRowsProps<T extends FieldValues> extends ArrayFieldProps<T>, FrameProps {
  /** A new row: `{ name: '', type, description: '' }`. */
  newRow: () => FieldArray<T, ArrayPath<T>>;
  /** The types offered; a row's own type shows too when it is not among them. */
  types: readonly string[];
  /** A type in words; by default as the service holds it. */
  typeLabel?: (type: string) => string;
  rowTestId: string;
  words: {
    name: string;
    nameAria: RowWords;
    namePlaceholder: string;
    type: string;
    typeAria: RowWords;
    description: string;
    descriptionAria: RowWords;
    descriptionPlaceholder: string;
    remove: RowWords;
  };
}

/**
 * Rows of name, type and description: the fields a data schema lists (a tool's parameters, the data
 * extracted after a call). Each row's inputs are named with their row for assistive technology: "Name"
 * alone would be every row's.
 */
export function TypedFieldRows<T extends FieldValues>({
  control,
  register,
  name,
  newRow,
  types,
  typeLabel = (t) => t,
  rowTestId,
  words,
  maxRows,
  ...frame
}: TypedFieldRowsProps<T>) {
  const { rows, remove, path, inputAt, frame: state } = useArrayField({ control, register, name }, newRow, maxRows);
  return (
    <RowsEditor {...frame} {...state}>
      {rows.map((row, i) => {
        const n = formatNumber(i + 1);
        return (
          <Card key={row.id} withBorder padding="sm" radius="sm" data-testid={rowTestId}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              {/* The description gets the most room: it is the longest text of the row. */}
              <Grid gap="xs" style={{ flex: 1 }}>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput
                    {...inputAt(i, 'name')}
                    label={words.name}
                    aria-label={words.nameAria(n)}
                    placeholder={words.namePlaceholder}
                    autoComplete="off"
                    spellCheck={false}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <TypeSelect control={control} name={path(i, 'type')} types={types} typeLabel={typeLabel} label={words.type} aria-label={words.typeAria(n)} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 5 }}>
                  <TextInput {...inputAt(i, 'description')} label={words.description} aria-label={words.descriptionAria(n)} placeholder={words.descriptionPlaceholder} />
                </Grid.Col>
              </Grid>
              <RemoveRowButton label={words.remove(n)} onClick={() => remove(i)} mt={24} />
            </Group>
          </Card>
        );
      })}
    </RowsEditor>
  );
}

export interface KeyValueRowsProps<T extends FieldValues> extends ArrayFieldProps<T>, FrameProps {
  /** The rows' two keys: `['key', 'value']`, `['name', 'value']`. */
  keys: readonly [string, string];
  rowTestId: string;
  /** Headings over the two columns, and how wide each is. */
  columns: RowsEditorProps['columns'];
  /** The second input hides what is typed (a header's secret value), with a show button per row. */
  secret?: boolean;
  words: {
    keyAria: RowWords;
    keyPlaceholder: string;
    valueAria: RowWords;
    valuePlaceholder: string;
    /** With `secret`: the row's show button. */
    showAria?: RowWords;
    remove: RowWords;
  };
}

/** Rows of a key and its value (variables, request headers): side by side, stacked on a phone. */
export function KeyValueRows<T extends FieldValues>({ control, register, name, keys, rowTestId, secret, words, maxRows, ...frame }: KeyValueRowsProps<T>) {
  const [keyName, valueName] = keys;
  const newRow = () => ({ [keyName]: '', [valueName]: '' }) as FieldArray<T, ArrayPath<T>>;
  const { rows, remove, inputAt, frame: state } = useArrayField({ control, register, name }, newRow, maxRows);
  return (
    <RowsEditor {...frame} {...state}>
      {rows.map((row, i) => {
        const n = formatNumber(i + 1);
        return (
          <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap" data-testid={rowTestId}>
            {/* Side by side where there is room; on a phone the key gets the full width above its value. */}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} style={{ flex: 1 }}>
              <TextInput {...inputAt(i, keyName)} aria-label={words.keyAria(n)} placeholder={words.keyPlaceholder} autoComplete="off" spellCheck={false} />
              {secret ? (
                <PasswordInput
                  {...inputAt(i, valueName)}
                  aria-label={words.valueAria(n)}
                  placeholder={words.valuePlaceholder}
                  autoComplete="new-password"
                  // Mantine's toggle is out of the tab order and unnamed per row by default.
                  visibilityToggleFocusable
                  visibilityToggleButtonProps={{ 'aria-label': words.showAria?.(n) }}
                />
              ) : (
                <TextInput {...inputAt(i, valueName)} aria-label={words.valueAria(n)} placeholder={words.valuePlaceholder} />
              )}
            </SimpleGrid>
            <RemoveRowButton label={words.remove(n)} onClick={() => remove(i)} />
          </Group>
        );
      })}
    </RowsEditor>
  );
}
