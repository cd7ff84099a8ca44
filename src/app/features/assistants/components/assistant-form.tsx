import { lazy, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { m } from '@/i18n';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { notifyError } from '@/lib/notify';
import { useSubmitOnce } from '@/lib/save-once';
import { useStillBusy } from '@/lib/use-still-busy';
import { notifications } from '@mantine/notifications';
import { applyAssistantErrors } from '../lib/field-errors';
import { UNKNOWN_OUTCOME_TITLE } from '@/api/errors';
import { OUTCOME_UNKNOWN } from '@/lib/form-errors';
import { assistantErrorMap, assistantFormSchema, type AssistantFormOutput, type AssistantFormValues } from '../lib/form-schema';
import { ASSISTANT_SECTIONS, countSectionErrors } from '../lib/sections';
import { Deferred, SectionPlaceholder } from './deferred-section';
import { SectionNav } from './section-nav';
import { BasicsSection } from './sections/basics-section';
import { ModelSection } from './sections/model-section';
import type { ToolChoices } from './sections/tools-section';
import { VoiceSection } from './sections/voice-section';

// The sections below the first screen load when they come near (see Deferred): the page's first visit
// loads only what the first screen shows.
const ConversationSection = lazy(() => import('./sections/conversation-section').then((mod) => ({ default: mod.ConversationSection })));
const AfterCallSection = lazy(() => import('./sections/after-call-section').then((mod) => ({ default: mod.AfterCallSection })));
const WebhooksSection = lazy(() => import('./sections/webhooks-section').then((mod) => ({ default: mod.WebhooksSection })));
const ToolsSection = lazy(() => import('./sections/tools-section').then((mod) => ({ default: mod.ToolsSection })));

// While a number or a choice is empty the form holds null; the schema refuses it with "is required".
const resolver = zodResolver(assistantFormSchema, { error: assistantErrorMap }) as unknown as Resolver<
  AssistantFormValues,
  unknown,
  AssistantFormOutput
>;

function sectionsWithErrors(errors: FieldErrors<AssistantFormValues>) {
  return ASSISTANT_SECTIONS.filter((s) => countSectionErrors(errors as Record<string, unknown>, s.fields) > 0);
}

/**
 * The one form for creating, editing and duplicating an assistant. `save` sends it and throws on
 * refusal; the form then puts the service's messages on their fields (and what has no field above the
 * button) and keeps every typed value. After a success the form's baseline becomes what was saved,
 * and `onSaved` runs (a page that leaves then navigates with `ignoreBlocker`: the form's "no changes"
 * state shows only after the next render).
 */
export function AssistantForm<T>({
  initialValues,
  heldPhoneNumberId = null,
  toolChoices,
  save,
  onSaved,
  onCancel,
  submitLabel,
  afterWebhooks,
}: {
  initialValues: AssistantFormValues;
  /** The number the assistant holds now (edit): an inbound assistant may keep it. */
  heldPhoneNumberId?: number | null;
  toolChoices: ToolChoices;
  save: (values: AssistantFormOutput, baseline: AssistantFormValues) => Promise<T>;
  onSaved: (result: T) => void;
  onCancel: () => void;
  submitLabel: string;
  /** Shown after the Webhooks section, outside the form's values (the inbound webhook switch). */
  afterWebhooks?: ReactNode;
}) {
  const form = useForm<AssistantFormValues, unknown, AssistantFormOutput>({
    defaultValues: initialValues,
    resolver,
    mode: 'onTouched',
  });
  const { handleSubmit, setError, getValues, reset, formState } = form;
  const { isDirty, isSubmitting, errors } = formState;
  const [baseline, setBaseline] = useState(initialValues);
  const [voiceNote, setVoiceNote] = useState<string | null>(null);
  const slow = useStillBusy(isSubmitting);
  // Once the person works in the form (a focus, a key) every section loads: Tab must reach them all.
  const [engaged, setEngaged] = useState(false);
  const engage = () => {
    if (!engaged) setEngaged(true);
  };
  // A section with an error (the browser's check or the service's answer) shows at once, so the error can.
  const erring = new Set<string>(sectionsWithErrors(errors).map((s) => s.id));
  const force = (id: string) => engaged || erring.has(id);

  const submit = handleSubmit(
    async (values) => {
      try {
        const result = await save(values, baseline);
        const saved = getValues();
        setBaseline(saved);
        reset(saved);
        onSaved(result);
      } catch (e) {
        applyAssistantErrors(e, setError, getValues());
        notifyError(e, m.assistants_form_not_saved());
      }
    },
    (invalid) => {
      const where = sectionsWithErrors(invalid).map((s) => s.title());
      notifications.show({
        color: 'red',
        title: m.assistants_form_check_title(),
        message: where.length > 0 ? m.assistants_form_fix_in({ sections: where.join(', ') }) : m.assistants_form_fix_some(),
        autoClose: 6000,
      });
    },
  );

  const onFormSubmit = useSubmitOnce(submit);

  const serverError = errors.root?.server?.message;
  const outcomeUnknown = errors.root?.server?.type === OUTCOME_UNKNOWN;

  return (
    <FormProvider {...form}>
      <form onSubmit={onFormSubmit} noValidate aria-label={m.assistants_form_label()} onFocusCapture={engage} onKeyDownCapture={engage}>
        <UnsavedChangesGuard when={isDirty} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 9 }}>
            <Stack gap="lg">
              <BasicsSection heldPhoneNumberId={heldPhoneNumberId} onVoiceNote={setVoiceNote} />
              <VoiceSection voiceNote={voiceNote} />
              <ModelSection />
              <Deferred force={force('conversation')} placeholder={<SectionPlaceholder id="conversation" title={m.assistants_section_conversation()} height={820} />}>
                <ConversationSection />
              </Deferred>
              <Deferred force={force('after-call')} placeholder={<SectionPlaceholder id="after-call" title={m.assistants_section_after_call()} height={420} />}>
                <AfterCallSection />
              </Deferred>
              <Deferred force={force('webhooks')} placeholder={<SectionPlaceholder id="webhooks" title={m.assistants_section_webhooks()} height={300} />}>
                <WebhooksSection />
              </Deferred>
              {afterWebhooks ? (
                <Deferred force={engaged} placeholder={<SectionPlaceholder height={300} />}>
                  {afterWebhooks}
                </Deferred>
              ) : null}
              <Deferred force={force('tools')} placeholder={<SectionPlaceholder id="tools" title={m.assistants_section_tools()} height={260} />}>
                <ToolsSection toolChoices={toolChoices} />
              </Deferred>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ lg: 3 }} visibleFrom="lg">
            <Box pos="sticky" top={72}>
              <SectionNav />
            </Box>
          </Grid.Col>
        </Grid>

        <Paper
          pos="sticky"
          bottom={0}
          mt="lg"
          py="sm"
          px="md"
          withBorder
          shadow="sm"
          style={{ zIndex: 5, borderBottomLeftRadius: 0, borderBottomRightRadius: 0 }}
        >
          <Stack gap="sm">
            {serverError ? (
              <Alert
                color={outcomeUnknown ? 'orange' : 'red'}
                variant="light"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title={outcomeUnknown ? UNKNOWN_OUTCOME_TITLE : m.common_not_saved()}
                role="alert"
                py="xs"
              >
                {serverError}
              </Alert>
            ) : null}
            {/* On a phone the state goes above the buttons rather than being cut short beside them. */}
            <Group justify="space-between" gap="xs">
              <Text size="sm" c={isDirty ? 'orange.8' : 'dimmed'} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
                {isSubmitting
                  ? slow
                    ? m.assistants_form_still_saving()
                    : m.common_saving()
                  : isDirty
                    ? m.assistants_form_unsaved()
                    : m.assistants_form_no_changes()}
              </Text>
              <Group gap="sm" wrap="nowrap" ml="auto">
                <Button variant="default" onClick={onCancel}>
                  {m.common_cancel()}
                </Button>
                <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
                  {submitLabel}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      </form>
    </FormProvider>
  );
}
