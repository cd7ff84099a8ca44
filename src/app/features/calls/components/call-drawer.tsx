import { ActionIcon, Button, Drawer, Group, Kbd, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { IconChevronDown, IconChevronUp, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/api';
import { useIsLocalService } from '@/api/local-service';
import { LIVE_CALL_STATUSES } from '@contract/call-values';
import { ReplayButton } from '@/components/replay-button';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { ErrorState } from '@/components/error-state';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteCall } from '../api/delete-call';
import { useCall } from '../api/use-call';
import { callsQueryOptions } from '../api/get-calls';
import { formatCallTime } from '@/lib/call-format';
import type { CallsParams } from '../lib/params';
import { useCallsParams } from '../lib/use-calls-params';
import { CallDetail } from './call-detail';

const callRoute = getRouteApi('/_app/calls/$callId');
const logRoute = getRouteApi('/_app/calls');

/** Where j/k lead from a call: the neighbour on the page, or the first/last call of the next/previous page. */
async function neighbour(
  fetchPage: (params: CallsParams) => Promise<{ data: { id: number }[]; current_page: number; last_page: number }>,
  params: CallsParams,
  callId: number,
  step: 1 | -1,
): Promise<{ id: number; page: number } | null> {
  const page = await fetchPage(params);
  const index = page.data.findIndex((c) => c.id === callId);
  if (index === -1) {
    const first = step > 0 ? page.data[0] : page.data[page.data.length - 1];
    return first ? { id: first.id, page: params.page } : null;
  }
  const next = page.data[index + step];
  if (next) return { id: next.id, page: params.page };
  const otherPage = params.page + step;
  if (otherPage < 1 || otherPage > page.last_page) return null;
  const other = await fetchPage({ ...params, page: otherPage });
  const target = step > 0 ? other.data[0] : other.data[other.data.length - 1];
  return target ? { id: target.id, page: otherPage } : null;
}

/** One call over the log: opened from a row or a shared link; j/k walk the filtered log, Esc closes. */
export function CallDrawer() {
  const { callId } = callRoute.useParams();
  const search = logRoute.useSearch();
  const navigate = callRoute.useNavigate();
  const queryClient = useQueryClient();
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const { params } = useCallsParams(search);
  const call = useCall(callId, queryClient);
  const remove = useDeleteCall();
  const local = useIsLocalService() === true;
  const [moving, setMoving] = useState(false);

  // Where this call sits in the current page, when it does.
  const listPage = useQuery({ ...callsQueryOptions(params ?? { page: 1, per_page: 15 }), enabled: params !== null });
  const index = listPage.data?.data.findIndex((c) => c.id === callId) ?? -1;
  const position =
    listPage.data && index >= 0 ? (listPage.data.from ?? (listPage.data.current_page - 1) * listPage.data.per_page + 1) + index : null;

  const close = useCallback(
    () => void navigate({ to: '/calls', search: (prev) => prev, resetScroll: false }),
    [navigate],
  );

  /*
   * The focus goes back to the log when the drawer closes: to the row of the call last shown (j/k may
   * have moved on), else to whatever opened the drawer. The drawer is a route and unmounts rather than
   * closing, so Mantine's own return of the focus never runs.
   */
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const shownId = useRef(callId);
  useEffect(() => {
    shownId.current = callId;
  }, [callId]);
  useEffect(
    () => () => {
      const id = shownId.current;
      requestAnimationFrame(() => {
        const row = document.querySelector<HTMLElement>(`[data-call-id="${id}"] a[href]`);
        const target = row ?? (opener?.isConnected && opener !== document.body ? opener : null);
        target?.focus();
      });
    },
    [opener],
  );

  const move = useCallback(
    async (step: 1 | -1) => {
      if (!params || moving) return;
      setMoving(true);
      try {
        const target = await neighbour((p) => queryClient.fetchQuery(callsQueryOptions(p)), params, callId, step);
        if (target) {
          await navigate({
            to: '/calls/$callId',
            params: { callId: target.id },
            search: (prev) => ({ ...prev, page: target.page }),
            replace: true,
            resetScroll: false,
          });
        }
      } catch (e) {
        notifyError(e, m.calls_move_failed());
      } finally {
        setMoving(false);
      }
    },
    [params, moving, queryClient, callId, navigate],
  );

  useHotkeys([
    ['j', () => void move(1)],
    ['k', () => void move(-1)],
  ]);

  const onDelete = async () => {
    const ok = await confirmAction({
      title: m.calls_delete_title({ id: callId }),
      children: <Text size="sm">{m.calls_delete_body()}</Text>,
      confirmLabel: m.calls_delete_confirm(),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(callId, {
      onSuccess: () => {
        notifySuccess(m.calls_deleted({ id: callId }));
        close();
      },
      onError: (e) => notifyError(e, m.calls_delete_failed()),
    });
  };

  const data = call.data;
  let content: React.ReactNode;
  if (callId <= 0) {
    content = <Text>{m.calls_bad_link()}</Text>;
  } else if (data) {
    content = <CallDetail call={data} />;
  } else if (call.isError) {
    content =
      isApiError(call.error) && call.error.kind === 'not-found' ? (
        <Text data-testid="call-not-found">{m.calls_not_found({ id: callId })}</Text>
      ) : (
        <ErrorState error={call.error} title={m.calls_detail_load_error()} onRetry={() => void call.refetch()} retrying={call.isFetching} />
      );
  } else {
    content = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={m.calls_detail_loading()}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={16} width={`${60 + ((i * 13) % 35)}%`} />
        ))}
      </Stack>
    );
  }

  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size={compact ? '100%' : 'xl'}
      padding="md"
      title={
        <Stack gap={0}>
          <Text fw={600}>{m.calls_call_number({ id: callId })}</Text>
          {data && (
            <Text size="xs" c="dimmed">
              {formatCallTime(data.created_at)}
              {position !== null && listPage.data
                ? ` · ${m.calls_position({ position: formatNumber(position), total: formatNumber(listPage.data.total) })}`
                : ''}
            </Text>
          )}
        </Stack>
      }
      data-testid="call-drawer"
      returnFocus
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <Tooltip label={<>{m.calls_previous_call()} <Kbd size="xs">k</Kbd></>} withArrow>
              <ActionIcon variant="default" onClick={() => void move(-1)} aria-label={m.calls_previous_call()} aria-keyshortcuts="k" disabled={!params || moving}>
                <IconChevronUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={<>{m.calls_next_call()} <Kbd size="xs">j</Kbd></>} withArrow>
              <ActionIcon variant="default" onClick={() => void move(1)} aria-label={m.calls_next_call()} aria-keyshortcuts="j" disabled={!params || moving}>
                <IconChevronDown size={16} />
              </ActionIcon>
            </Tooltip>
            {!compact && (
              <Text size="xs" c="dimmed" ml={6}>
                <Kbd size="xs">j</Kbd> / <Kbd size="xs">k</Kbd> {m.calls_keys_move()}, <Kbd size="xs">{m.calls_key_escape()}</Kbd> {m.calls_keys_close()}
              </Text>
            )}
          </Group>
          {data && (
            <Group gap={4}>
              {/* Our extension: an ended call replayed against its assistant as it is now. */}
              {local && data.assistant_id !== null && data.assistant_id !== undefined && !LIVE_CALL_STATUSES.includes(data.status) && (
                <ReplayButton size="xs" variant="subtle" request={{ call_ids: [data.id] }} label={m.replays_from_call()} confirm="call" />
              )}
            <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => void onDelete()} loading={remove.isPending}>
              {m.common_delete()}
            </Button>
            </Group>
          )}
        </Group>
        {content}
      </Stack>
    </Drawer>
  );
}
