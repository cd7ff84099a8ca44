import { Divider, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Call } from '../../../../contract/call';
import { CallFacts } from './call-facts';
import { JsonBlock } from './json-block';
import { KeyValueTable } from './key-value-table';
import { RecordingPlayer } from './recording-player';
import { TranscriptView } from './transcript-view';

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
      <Section title="Recording">
        <RecordingPlayer key={call.recording_url ?? 'none'} url={call.recording_url} callId={call.id} />
      </Section>
      <Section title="Transcript">
        <TranscriptView transcript={call.transcript} />
      </Section>
      <Section title="Variables">
        <KeyValueTable data={call.variables} empty="No variables were collected." label="Variables" />
      </Section>
      <Section title="Evaluation">
        <KeyValueTable data={call.evaluation} empty="No evaluation for this call." label="Evaluation" />
      </Section>
      <Section title="Webhook response">
        <JsonBlock data={call.webhook_response} empty="No webhook response was recorded." label="webhook response" />
      </Section>
    </Stack>
  );
}
