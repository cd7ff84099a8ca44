import { Accordion, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/**
 * The conversation's variables, filled in advance with the assistant's own values: they fill the
 * `{{placeholders}}` of its prompt and first message when a conversation starts, so a change takes
 * effect with "Restart with these values".
 */
export function VariablesForm({
  values,
  onChange,
  onApply,
  disabled,
}: {
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  onApply: () => void;
  disabled: boolean;
}) {
  const names = Object.keys(values);
  return (
    <Accordion variant="contained" chevronPosition="left">
      <Accordion.Item value="variables">
        <Accordion.Control>
          <Text size="sm" fw={500}>
            {m.conversations_variables_title({ count: formatNumber(names.length) })}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          {names.length === 0 ? (
            <Text size="sm" c="dimmed">
              {m.conversations_variables_none()}
            </Text>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                onApply();
              }}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
                {names.map((name) => (
                  <TextInput
                    key={name}
                    label={name}
                    styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    value={values[name] ?? ''}
                    onChange={(event) => onChange({ ...values, [name]: event.currentTarget.value })}
                  />
                ))}
              </SimpleGrid>
              <Group justify="flex-end" mt="sm">
                <Button type="submit" size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} disabled={disabled}>
                  {m.conversations_variables_apply()}
                </Button>
              </Group>
            </form>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
