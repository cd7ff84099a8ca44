import { Divider, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Call } from '@contract/call';
import { m } from '@/i18n';
import { CallFacts } from './call-facts';
import { JsonBlock } from '@/components/json-block';
import { KeyValueTable } from './key-value-table';
import { RecordingPlayer } from '@/components/recording-player';
import { TranscriptView } from '@/components/transcript-view';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Everything about one call, as text: facts, recording, transcript, variables, evaluation, webhook answer. */
export function CallDetail({ call }: { call: Call }) {
  return (
    <Stack gap="md">
      <CallFacts call={call} />
      <Divider />
      <Section title={m.calls_section_recording()}>
        <RecordingPlayer key={call.recording_url ?? 'none'} url={call.recording_url} callId={call.id} />
      </Section>
      <Section title={m.calls_section_transcript()}>
        <TranscriptView transcript={call.transcript} />
      </Section>
      <Section title={m.calls_section_variables()}>
        <KeyValueTable data={call.variables} empty={m.calls_no_variables()} label={m.calls_section_variables()} />
      </Section>
      <Section title={m.calls_section_evaluation()}>
        <KeyValueTable data={call.evaluation} empty={m.calls_no_evaluation()} label={m.calls_section_evaluation()} />
      </Section>
      <Section title={m.calls_section_webhook_response()}>
        <JsonBlock data={call.webhook_response} empty={m.calls_no_webhook_response()} label={m.calls_webhook_response_label()} />
      </Section>
    </Stack>
  );
}
