import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { recordAnswer } from '@contract/answers';
import {
  sipInfoSchema,
  sipTrunkDetailSchema,
  sipTrunkSavedResponse,
  sipTrunkSchema,
  type CreateSipTrunkRequest,
  type SipTrunkDetail,
  type UpdateSipTrunkRequest,
} from '@contract/sip-trunks';
import { api } from '@/api';
import { phoneNumberKeys, serviceKeys } from '@/api/query-keys';
import { useSession } from '@/api/session';
import { invalidateAfterNumberChange } from './invalidate';
import { listAnswer } from './schemas';

/*
 * The hosted API's SIP trunk endpoints: the list, one trunk (with its trunk ids), create, partial update. A
 * trunk is released as any number is (release-number.ts). Answers are read leniently (the contract's records).
 */

/** GET /user/phone-numbers/sip-trunks: `{data: [...]}` (no passwords, no trunk ids). */
export function getSipTrunks(signal?: AbortSignal) {
  return api.get('/user/phone-numbers/sip-trunks', listAnswer(sipTrunkSchema), { signal });
}
export const sipTrunksQuery = () => queryOptions({ queryKey: phoneNumberKeys.sipTrunks(), queryFn: ({ signal }) => getSipTrunks(signal) });
export const useSipTrunks = () => useQuery(sipTrunksQuery());

/** GET /user/phone-numbers/sip-trunks/{id}: `{data: trunk}`; a missing one is a 404 `{message}`. */
export function getSipTrunk(id: number, signal?: AbortSignal) {
  return api.get(`/user/phone-numbers/sip-trunks/${id}`, recordAnswer(sipTrunkDetailSchema), { signal });
}
export const sipTrunkQuery = (id: number) => queryOptions({ queryKey: phoneNumberKeys.sipTrunk(id), queryFn: ({ signal }) => getSipTrunk(id, signal) });

export function createSipTrunk(body: CreateSipTrunkRequest) {
  return api.post('/user/phone-numbers/sip-trunks', sipTrunkSavedResponse, { body });
}

export function updateSipTrunk(id: number, body: UpdateSipTrunkRequest) {
  return api.put(`/user/phone-numbers/sip-trunks/${id}`, sipTrunkSavedResponse, { body });
}

/** A trunk is a number: the numbers, the lookups the assistant and campaign forms read, and the trunk itself load again. */
async function afterSave(queryClient: ReturnType<typeof useQueryClient>, trunk: SipTrunkDetail) {
  queryClient.setQueryData(phoneNumberKeys.sipTrunk(trunk.id), trunk);
  await invalidateAfterNumberChange(queryClient);
}

export function useCreateSipTrunk() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSipTrunk, onSuccess: ({ data }) => afterSave(queryClient, data) });
}

export function useUpdateSipTrunk(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: UpdateSipTrunkRequest) => updateSipTrunk(id, body), onSuccess: ({ data }) => afterSave(queryClient, data) });
}

// Only `sip` is read here; the rest of the answer is the sign-in page's and the web call's.
const localInfoSipSchema = z.looseObject({ sip: sipInfoSchema.nullish().catch(null) }).transform((v) => v.sip ?? null);

/**
 * The address carriers send calls to, from GET /api/local/info's `sip` (our extension; only the local service
 * answers it). `null` when the service does not say; an error on a host without our extensions (404).
 */
export function useOurSipAddress() {
  const host = useSession()?.host ?? null;
  return useQuery({
    queryKey: serviceKeys.sip(host),
    queryFn: ({ signal }) => api.get('/local/info', localInfoSipSchema, { signal, retries: 1, timeoutMs: 10_000 }),
    retry: false,
    staleTime: 60_000,
  });
}
