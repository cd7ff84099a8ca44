import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { m } from '@/i18n';
import type { ChatCall } from '../lib/chat-state';
import { formatCallDuration } from '../lib/format';
import { ValueBlock } from './value-block';

/** One function the assistant called: the tool's name, the arguments the model chose, the answer or error, the time it took. */
export function FunctionCallCard({ call }: { call: ChatCall }) {
  const name = call.name || m.conversations_call_unnamed();
  const duration = formatCallDuration(call.durationMs);
  let state: React.ReactNode;
  if (call.pending) {
    state = (
      <Badge variant="light" color="gray" leftSection={<Loader size={10} color="gray" aria-hidden />}>
        {m.conversations_call_running()}
      </Badge>
    );
  } else if (call.error) {
    state = (
      <Badge variant="light" color="red">
        {m.conversations_call_failed()}
      </Badge>
    );
  } else {
    state = (
      <Badge variant="light" color="teal">
        {m.conversations_call_answered()}
      </Badge>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={m.conversations_call_aria({ name })} data-testid="function-call">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconTool size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text ff="monospace" fw={600} size="sm" truncate="end" title={name}>
              {name}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            {state}
            {duration ? (
              <Text size="xs" c="dimmed" data-testid="function-call-duration">
                {m.conversations_call_took({ duration })}
              </Text>
            ) : null}
          </Group>
        </Group>
        <ValueBlock label={m.conversations_call_arguments()} value={call.arguments} />
        {call.pending ? null : call.error ? (
          <ValueBlock label={m.conversations_call_error()} value={call.error} color="red" />
        ) : (
          <ValueBlock label={m.conversations_call_result()} value={call.result} />
        )}
      </Stack>
    </Paper>
  );
}
