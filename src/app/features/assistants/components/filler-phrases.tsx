import { Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { FILLER_KINDS, FILLER_PHRASES_MAX, fillerPhrases, type AssistantFormValues, type FillerKind } from '../lib/form-schema';

const KIND_WORDS: Record<FillerKind, { label: () => string; description: () => string; placeholder: () => string }> = {
  neutral: { label: m.assistants_fillers_neutral, description: m.assistants_fillers_neutral_description, placeholder: m.assistants_fillers_neutral_placeholder },
  question: { label: m.assistants_fillers_question, description: m.assistants_fillers_question_description, placeholder: m.assistants_fillers_question_placeholder },
  positive: { label: m.assistants_fillers_positive, description: m.assistants_fillers_positive_description, placeholder: m.assistants_fillers_positive_placeholder },
  negative: { label: m.assistants_fillers_negative, description: m.assistants_fillers_negative_description, placeholder: m.assistants_fillers_negative_placeholder },
};

function PhraseList({ kind }: { kind: FillerKind }) {
  const { control, register } = useFormContext<AssistantFormValues>();
  const name = `filler_config.${kind}` as const;
  const text = useWatch({ control, name });
  const { errors } = useFormState({ control, name });
  const count = fillerPhrases(text ?? '').length;
  const words = KIND_WORDS[kind];
  return (
    <Stack gap={4}>
      <Textarea
        {...register(name)}
        label={words.label()}
        description={words.description()}
        placeholder={words.placeholder()}
        autosize
        minRows={3}
        maxRows={8}
        error={errors.filler_config?.[kind]?.message}
        data-testid={`fillers-${kind}`}
      />
      <Group justify="flex-end">
        <Text component="span" size="xs" c={count > FILLER_PHRASES_MAX ? 'red.7' : 'dimmed'} aria-live="polite">
          {m.assistants_fillers_count({ count: formatNumber(count), max: formatNumber(FILLER_PHRASES_MAX) })}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The phrases the assistant says while a tool or the model takes longer than a second (`filler_config`),
 * one list per kind, one phrase a line; the kind that fits the moment is chosen in the call. Shown while
 * fillers are on; the lists are kept (and sent) either way.
 */
export function FillerPhrases() {
  return (
    <Stack gap="xs" data-testid="filler-phrases">
      <Text size="sm" c="dimmed">
        {m.assistants_fillers_intro()}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {FILLER_KINDS.map((kind) => (
          <PhraseList key={kind} kind={kind} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
