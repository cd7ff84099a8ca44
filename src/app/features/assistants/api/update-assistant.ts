import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { UpdateAssistantRequest } from '../../../../contract';
import { api } from '../../../api';
import { lookupKeys } from '../../lookups/api';
import { assistantKeys } from './keys';

/** The update answer is `{message, data}` on the local service; the hosted one documents none: kept loose. */
const updateResponseSchema = z.looseObject({ message: z.string().optional() });

/** PUT /user/assistant/{id}: only the fields sent change; `tool_ids` replaces the attached tools. */
export function updateAssistant(id: number, body: UpdateAssistantRequest) {
  return api.put(`/user/assistant/${id}`, updateResponseSchema, { body });
}

export function useUpdateAssistant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssistantRequest) => updateAssistant(id, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.outbound() }),
        queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      ]);
    },
  });
}
