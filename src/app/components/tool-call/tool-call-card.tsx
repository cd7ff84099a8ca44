import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { m } from '@/i18n';
import { formatCallDuration, type ToolCallView } from '@/lib/tool-call-format';

export type { ToolCallView };
import { TOOL_RESULT_VIEWS } from './tool-result-views';
import { ValueBlock } from './value-block';

function StateBadge({ call }: { call: ToolCallView }) {
  if (call.pending) {
    return (
      <Badge variant="light" color="gray" leftSection={<Loader size={10} color="gray" aria-hidden />}>
        {m.conversations_call_running()}
      </Badge>
    );
  }
  if (call.error) {
    return (
      <Badge variant="light" color="red">
        {m.conversations_call_failed()}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="teal">
      {m.conversations_call_answered()}
    </Badge>
  );
}

/**
 * One function the assistant called: the tool's name, the arguments the model chose, the answer or
 * error, the time it took. The answer's place is a slot: `children` when given, else the view
 * TOOL_RESULT_VIEWS holds for this tool, else the result as JSON. `aside` sits beside the badge (a
 * timeline's time since the call was answered).
 */
export function ToolCallCard({ call, aside, children }: { call: ToolCallView; aside?: ReactNode; children?: ReactNode }) {
  const name = call.name || m.conversations_call_unnamed();
  const duration = formatCallDuration(call.durationMs);
  let answer: ReactNode = null;
  if (!call.pending) {
    if (call.error) answer = <ValueBlock label={m.conversations_call_error()} value={call.error} color="red" />;
    else answer = children ?? TOOL_RESULT_VIEWS[call.name]?.(call) ?? <ValueBlock label={m.conversations_call_result()} value={call.result} />;
  }
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={m.conversations_call_aria({ name })} data-testid="function-call" data-tool={call.name}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconTool size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text ff="monospace" fw={600} size="sm" truncate="end" title={name}>
              {name}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            {aside}
            <StateBadge call={call} />
            {duration ? (
              <Text size="xs" c="dimmed" data-testid="function-call-duration">
                {m.conversations_call_took({ duration })}
              </Text>
            ) : null}
          </Group>
        </Group>
        <ValueBlock label={m.conversations_call_arguments()} value={call.arguments} />
        {answer}
      </Stack>
    </Paper>
  );
}
