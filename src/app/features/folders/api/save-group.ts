import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@contract/answers';
import { assistantGroupMutationResponseSchema, type CreateAssistantGroupRequest, type UpdateAssistantGroupRequest } from '@contract/folders';
import { api } from '@/api';
import type { GroupKind } from '@/api/get-assistant-groups';
import { assistantGroupKeys, assistantKeys } from '@/api/query-keys';

/** POST /user/folders (or /labels): `{message, data}`; a name the account has is a 422 on `name`. */
export function createGroup(kind: GroupKind, body: CreateAssistantGroupRequest) {
  return api.post(`/user/${kind}`, assistantGroupMutationResponseSchema, { body });
}

/** PUT /user/folders/{id} (or /labels): only what is sent changes; `color: null` removes the colour. */
export function updateGroup(kind: GroupKind, id: number, body: UpdateAssistantGroupRequest) {
  return api.put(`/user/${kind}/${id}`, assistantGroupMutationResponseSchema, { body });
}

/** DELETE /user/folders/{id} (or /labels): the assistants stay, out of the folder or without the label. */
export function deleteGroup(kind: GroupKind, id: number) {
  return api.delete(`/user/${kind}/${id}`, messageResponseSchema);
}

/** Create, rename/recolour and delete of one kind; the kind's list loads again after each. */
export function useGroupMutations(kind: GroupKind) {
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: assistantGroupKeys.list(kind) });
  return {
    create: useMutation({ mutationFn: (body: CreateAssistantGroupRequest) => createGroup(kind, body), onSuccess: refreshList }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateAssistantGroupRequest }) => updateGroup(kind, id, body),
      onSuccess: refreshList,
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteGroup(kind, id),
      // The assistants that were in it have changed too (their folder_id or label_ids).
      onSuccess: () => Promise.all([refreshList(), queryClient.invalidateQueries({ queryKey: assistantKeys.all })]),
    }),
  };
}
