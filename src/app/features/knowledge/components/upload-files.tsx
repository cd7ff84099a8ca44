import '@mantine/dropzone/styles.css';
import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCheck, IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { KNOWLEDGE_LIMITS } from '@contract/knowledge-read';
import { errorMessage, isApiError } from '@/api/errors';
import { knowledgeKeys } from '@/api/query-keys';
import { m } from '@/i18n';
import { formatFileSize } from '../lib/file-size';
import { checkUpload, documentNameOf, UPLOAD_ACCEPT, type UploadRefusal } from '../lib/upload-rules';
import { uploadDocument } from '../api/upload-document';

/** One file the person gave: refused before sending, on its way (with its progress), added, or refused by the service. */
export interface UploadItem {
  key: string;
  fileName: string;
  size: number;
  state: 'refused' | 'uploading' | 'done' | 'failed';
  /** 0…1 while uploading. */
  progress: number;
  message: string | null;
}

export function refusalMessage(refusal: UploadRefusal): string {
  if (refusal.reason === 'type') return refusal.extension ? m.knowledge_refused_type({ extension: `.${refusal.extension}` }) : m.knowledge_refused_no_type();
  if (refusal.reason === 'mismatch') return m.knowledge_refused_mismatch({ extension: `.${refusal.extension}`, mime: refusal.mime });
  if (refusal.reason === 'size') return m.knowledge_refused_size({ size: formatFileSize(refusal.bytes), max: formatFileSize(KNOWLEDGE_LIMITS.fileMaxBytes) });
  return m.knowledge_refused_empty();
}

/** The service's reason for refusing a file: its `file` field error when it gave one, else its message. */
function uploadFailure(error: unknown): string {
  if (isApiError(error)) return error.fieldError('file') ?? error.fieldError('type') ?? error.message;
  return errorMessage(error);
}

let nextKey = 0;

/**
 * "Upload files": drop or choose several PDF, DOCX or text files. Each is checked here first (type, size,
 * not empty) and refused with the reason before a byte goes out; the rest upload side by side, each with
 * its own progress, and then show as processing in the documents table. A file the service refuses (422)
 * says why on its row.
 */
export function UploadFiles({ knowledgeBaseId }: { knowledgeBaseId: number }) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const openRef = useRef<() => void>(null);

  const patch = (key: string, change: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  async function upload(key: string, file: File, type: Parameters<typeof uploadDocument>[0]['type']) {
    try {
      await uploadDocument({ knowledgeBaseId, file, name: documentNameOf(file.name), type, onProgress: (progress) => patch(key, { progress }) });
      patch(key, { state: 'done', progress: 1 });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.documents(knowledgeBaseId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.detail(knowledgeBaseId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.list() }),
      ]);
    } catch (e) {
      patch(key, { state: 'failed', message: uploadFailure(e) });
    }
  }

  function take(files: readonly File[]) {
    const added: UploadItem[] = [];
    for (const file of files) {
      const key = `upload-${(nextKey += 1)}`;
      const check = checkUpload(file);
      const base = { key, fileName: file.name, size: file.size, progress: 0 };
      if (!check.ok) {
        added.push({ ...base, state: 'refused', message: refusalMessage(check.refusal) });
        continue;
      }
      added.push({ ...base, state: 'uploading', message: null });
      void upload(key, file, check.type);
    }
    setItems((list) => [...added, ...list]);
  }

  const dismiss = (key: string) => setItems((list) => list.filter((i) => i.key !== key));
  const finished = items.filter((i) => i.state !== 'uploading');

  return (
    <Stack gap="sm">
      <Dropzone
        // Every file comes here, the ones the picker's filter would refuse too: the refusal is said in words below.
        onDrop={() => {}}
        onDropAny={(files, rejections) => take([...files, ...rejections.map((r) => r.file)])}
        accept={UPLOAD_ACCEPT}
        multiple
        openRef={openRef}
        activateOnClick={false}
        aria-label={m.knowledge_upload_drop_label()}
        data-testid="upload-dropzone"
      >
        <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={36} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {m.knowledge_upload_drop_title()}
            </Text>
            <Text size="xs" c="dimmed">
              {m.knowledge_upload_rules({ max: formatFileSize(KNOWLEDGE_LIMITS.fileMaxBytes) })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <Group gap="xs">
        <Button variant="light" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => openRef.current?.()}>
          {m.knowledge_upload_choose()}
        </Button>
        {finished.length > 1 ? (
          <Button variant="subtle" color="gray" onClick={() => setItems((list) => list.filter((i) => i.state === 'uploading'))}>
            {m.knowledge_upload_clear()}
          </Button>
        ) : null}
      </Group>
      {items.length > 0 ? (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={m.knowledge_upload_list()} aria-live="polite">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} onDismiss={() => dismiss(item.key)} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) {
  const percent = Math.round(item.progress * 100);
  const bad = item.state === 'refused' || item.state === 'failed';
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={6} data-testid="upload-item" data-state={item.state}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" miw={0}>
            {item.state === 'done' ? <IconCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden /> : null}
            <Text size="sm" fw={500} truncate="end" title={item.fileName}>
              {item.fileName}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatFileSize(item.size)}
            </Text>
          </Group>
          {item.state === 'uploading' ? (
            <Group gap="xs" wrap="nowrap">
              <Progress value={percent} size="sm" style={{ flex: 1 }} aria-label={m.knowledge_upload_progress_label({ name: item.fileName })} animated={percent < 100} />
              <Text size="xs" c="dimmed" w={40} ta="right">
                {m.knowledge_upload_percent({ percent: String(percent) })}
              </Text>
            </Group>
          ) : (
            <Text size="xs" c={bad ? 'red.9' : 'teal.9'} data-testid="upload-message" style={{ overflowWrap: 'anywhere' }}>
              {item.state === 'done' ? m.knowledge_upload_done() : item.message}
            </Text>
          )}
        </Stack>
        {item.state === 'uploading' ? null : (
          <ActionIcon variant="subtle" color="gray" aria-label={m.knowledge_upload_dismiss({ name: item.fileName })} onClick={onDismiss}>
            <IconX size={14} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
