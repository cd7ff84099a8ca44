import { Divider, Stack } from '@mantine/core';
import type { Call } from '@contract/call';
import { m } from '@/i18n';
import { TitledSection } from '@/components/titled-section';
import { CallFacts } from './call-facts';
import { JsonBlock } from '@/components/json-block';
import { KeyValueTable } from './key-value-table';
import { RecordingPlayer } from '@/components/recording-player';
import { TranscriptView } from '@/components/transcript-view';
import { LatencyPanel } from '@/components/call-latency/latency-panel';
import { ScriptedNote } from './scripted-note';

/**
 * Everything about one call, as text: facts, recording, the transcript's timeline (with the model's time
 * per turn on a call a language model played), variables, evaluation, webhook answer.
 */
export function CallDetail({ call }: { call: Call }) {
  return (
    <Stack gap="md">
      <CallFacts call={call} />
      <Divider />
      <TitledSection title={m.calls_section_recording()}>
        <RecordingPlayer key={call.recording_url ?? 'none'} url={call.recording_url} callId={call.id} />
      </TitledSection>
      <TitledSection title={m.calls_section_transcript()}>
        <ScriptedNote mode={call.conversation_mode} />
        <LatencyPanel call={call} />
        <TranscriptView transcript={call.transcript} />
      </TitledSection>
      <TitledSection title={m.calls_section_variables()}>
        <KeyValueTable data={call.variables} empty={m.calls_no_variables()} label={m.calls_section_variables()} />
      </TitledSection>
      <TitledSection title={m.calls_section_evaluation()}>
        <KeyValueTable data={call.evaluation} empty={m.calls_no_evaluation()} label={m.calls_section_evaluation()} />
      </TitledSection>
      <TitledSection title={m.calls_section_webhook_response()}>
        <JsonBlock data={call.webhook_response} empty={m.calls_no_webhook_response()} label={m.calls_webhook_response_label()} />
      </TitledSection>
    </Stack>
  );
}
