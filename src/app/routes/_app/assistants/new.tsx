import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import * as z from '@/lib/zod-mini';
import { optionalIdParam } from '@/lib/search-params';
import { loadOrNotFound } from '@/lib/route-loaders';
import { m } from '@/i18n';
import { PageHeader } from '@/components/page-header';
import { notifySuccess } from '@/lib/notify';
import { useCreateAssistant } from '@/features/assistants/api/create-assistant';
import { assistantQuery } from '@/features/assistants/api/get-assistant';
import { AssistantForm } from '@/features/assistants/components/assistant-form';
import { emptyAssistantForm, type AssistantFormValues } from '@/features/assistants/lib/form-schema';
import { duplicateToForm, formToCreateRequest } from '@/features/assistants/lib/form-values';
import { languagesQuery } from '@/api/get-languages';
import { modelsQuery } from '@/api/get-models';
import { toolsQuery } from '@/features/tools/api/get-tools';
import { useToolChoices } from './-tool-choices';

const searchSchema = z.object({
  /** Duplicate: the assistant whose settings prefill the new one. */
  from: optionalIdParam(),
});

export const Route = createFileRoute('/_app/assistants/new')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ from: search.from }),
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(toolsQuery());
    if (deps.from === undefined) return;
    // The copy needs the source and the lookups that name its model and language.
    await loadOrNotFound(
      queryClient.ensureQueryData(assistantQuery(deps.from)),
      queryClient.ensureQueryData(languagesQuery()),
      queryClient.ensureQueryData(modelsQuery()),
    );
  },
  component: NewAssistantPage,
});

function NewAssistantPage() {
  const { from } = Route.useSearch();
  return from === undefined ? <CreateAssistant key="new" /> : <DuplicateAssistant key={from} id={from} />;
}

function DuplicateAssistant({ id }: { id: number }) {
  const { data: source } = useSuspenseQuery(assistantQuery(id));
  const { data: languages } = useSuspenseQuery(languagesQuery());
  const { data: models } = useSuspenseQuery(modelsQuery());
  const [initial] = useState(() => duplicateToForm(source, { languages, models }));
  return <CreateAssistant initial={initial} sourceName={source.name} />;
}

function CreateAssistant({ initial, sourceName }: { initial?: AssistantFormValues; sourceName?: string }) {
  const navigate = useNavigate();
  const create = useCreateAssistant();
  const toolChoices = useToolChoices();
  const [values] = useState(() => initial ?? emptyAssistantForm());

  return (
    <>
      <PageHeader
        title={sourceName ? m.assistants_duplicate_title({ name: sourceName }) : m.assistants_new()}
        description={sourceName ? m.assistants_duplicate_description() : m.assistants_new_description()}
      />
      <AssistantForm
        initialValues={values}
        toolChoices={toolChoices}
        submitLabel={m.assistants_create_submit()}
        save={(v) => create.mutateAsync(formToCreateRequest(v))}
        onSaved={(answer) => {
          notifySuccess(m.assistants_created_message({ name: answer.data.name }), m.assistants_created_title());
          void navigate({ to: '/assistants', ignoreBlocker: true });
        }}
        onCancel={() => void navigate({ to: '/assistants' })}
      />
    </>
  );
}
