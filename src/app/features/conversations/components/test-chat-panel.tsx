import { Alert, Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconCopy, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { errorMessage } from '@/api/errors';
import { ButtonLink } from '@/components/links';
import { ErrorState } from '@/components/error-state';
import { m } from '@/i18n';
import { useCreateConversation } from '../api/create-conversation';
import { useSendMessage } from '../api/send-message';
import { chatReducer, emptyChat } from '../lib/chat-state';
import { isNoModel, lacksConversationApi } from '../lib/errors';
import { assistantReferenceOf, variablesToForm, type TestChatAssistant } from '../lib/test-chat-assistant';
import { transcriptText } from '../lib/transcript';
import { ChatTranscript } from './chat-transcript';
import { MessageBox } from './message-box';
import { ModelSetupCard } from './model-setup-card';
import { VariablesForm } from './variables-form';

/** How close to the bottom (px) still counts as "reading the latest": new text then scrolls into view. */
const STICK_PX = 48;

/** Only the variables that have a value; none at all is no `variables` field. */
function filledVariables(values: Record<string, string>): Record<string, string> | undefined {
  const filled = Object.entries(values).filter(([, v]) => v !== '');
  return filled.length > 0 ? Object.fromEntries(filled) : undefined;
}

/**
 * The test chat with one assistant (inside the drawer of TestChatButton, loaded when it opens): a test
 * conversation starts at once with the assistant's variables; the assistant's first message comes first,
 * then the turns, each reply as it arrives with every function call as a card. Restart starts a new
 * conversation (with the variables as edited), Copy transcript copies it as text, Open in Conversations
 * shows it on that page.
 */
export default function TestChatPanel({ assistant }: { assistant: TestChatAssistant }) {
  const [variables, setVariables] = useState(() => variablesToForm(assistant.variables));
  const [chat, dispatch] = useReducer(chatReducer, emptyChat);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [starting, setStarting] = useState(true);
  const [startError, setStartError] = useState<unknown>(null);
  const [sendError, setSendError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const create = useCreateConversation();
  const sendMessage = useSendMessage();
  const clipboard = useClipboard({ timeout: 2000 });

  // A turn in flight (a ref: two Enters in one tick must not both send), the stream to stop on Restart or
  // close, and which conversation is current (answers for an older one are dropped).
  const sending = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  const generation = useRef(0);
  const started = useRef(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  const start = useCallback(
    async (values: Record<string, string>) => {
      generation.current += 1;
      const current = generation.current;
      inFlight.current?.abort();
      sending.current = false;
      setPending(false);
      setStarting(true);
      setStartError(null);
      setSendError(null);
      setConversationId(null);
      dispatch({ type: 'reset', history: [] });
      try {
        const created = await create.mutateAsync({
          assistant_id: assistantReferenceOf(assistant),
          type: 'test',
          variables: filledVariables(values),
        });
        if (current !== generation.current) return;
        if (!created.conversation_id) throw new Error(m.conversations_start_no_id());
        setConversationId(created.conversation_id);
        dispatch({ type: 'reset', history: created.history });
      } catch (e) {
        if (current === generation.current) setStartError(e);
      } finally {
        if (current === generation.current) setStarting(false);
      }
    },
    // `create.mutateAsync` is stable; the assistant is the panel's for its lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [assistant],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start(variablesToForm(assistant.variables));
  }, [start, assistant.variables]);

  // Leaving the page stops a reply still streaming.
  useEffect(() => () => inFlight.current?.abort(), []);

  // New text scrolls into view while the reader is at the bottom; scrolled up to read, they stay put.
  useEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [chat]);

  function send(text: string): boolean {
    const id = conversationId;
    if (sending.current || !id) return false;
    sending.current = true;
    setPending(true);
    setSendError(null);
    stick.current = true;
    dispatch({ type: 'sent', text });
    const current = generation.current;
    const controller = new AbortController();
    inFlight.current = controller;
    const live = () => current === generation.current && !controller.signal.aborted;
    sendMessage(
      id,
      text,
      {
        onText: (delta) => live() && dispatch({ type: 'text', delta }),
        onFunctionCall: (call) => live() && dispatch({ type: 'call', ...call }),
        onFunctionResult: ({ id: callId, ...call }) => live() && dispatch({ type: 'result', id: callId, call }),
      },
      controller.signal,
    )
      .then((reply) => {
        if (live()) dispatch({ type: 'replied', reply });
      })
      .catch((e: unknown) => {
        if (!live()) return;
        dispatch({ type: 'failed' });
        setSendError(e);
      })
      .finally(() => {
        if (current !== generation.current) return;
        sending.current = false;
        setPending(false);
        inFlight.current = null;
        // The box was disabled while waiting: the next message goes where the last one was typed.
        requestAnimationFrame(() => box.current?.focus());
      });
    return true;
  }

  let conversation: React.ReactNode;
  if (startError) {
    conversation = lacksConversationApi(startError) ? (
      <Alert variant="light" color="gray" icon={<IconAlertTriangle size={18} aria-hidden />} title={m.conversations_host_lacks_title()} data-testid="host-lacks-chat">
        <Text size="sm">{m.conversations_host_lacks_body()}</Text>
      </Alert>
    ) : (
      <ErrorState error={startError} title={m.conversations_start_failed()} onRetry={() => void start(variables)} retrying={starting} />
    );
  } else if (starting) {
    conversation = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={m.conversations_starting()}>
        <Skeleton height={14} width="30%" />
        <Skeleton height={40} width="80%" radius="md" />
      </Stack>
    );
  } else {
    conversation = (
      <ChatTranscript
        messages={chat.messages}
        assistantName={assistant.name}
        empty={
          <Text size="sm" c="dimmed">
            {m.conversations_no_first_message()}
          </Text>
        }
      />
    );
  }

  let failure: React.ReactNode = null;
  if (sendError) {
    failure = isNoModel(sendError) ? (
      <ModelSetupCard error={sendError} />
    ) : (
      <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={m.conversations_reply_failed()} role="alert">
        <Text size="sm">{errorMessage(sendError)}</Text>
      </Alert>
    );
  }

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <VariablesForm values={variables} onChange={setVariables} onApply={() => void start(variables)} disabled={starting} />
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void start(variables)} disabled={starting}>
          {m.conversations_restart()}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={clipboard.copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          onClick={() => clipboard.copy(transcriptText(chat.messages, assistant.name))}
          disabled={chat.messages.length === 0}
        >
          {clipboard.copied ? m.common_copied() : m.conversations_copy_transcript()}
        </Button>
        {conversationId ? (
          <ButtonLink
            size="xs"
            variant="default"
            leftSection={<IconExternalLink size={14} aria-hidden />}
            to="/conversations"
            search={{ open: conversationId }}
          >
            {m.conversations_open_in_list()}
          </ButtonLink>
        ) : null}
      </Group>
      <Box
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={m.conversations_chat_region()}
        onScroll={(event) => {
          const el = event.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
        }}
        style={{ flex: 1, minHeight: 160, overflowY: 'auto' }}
        px={2}
        py="xs"
      >
        <Stack gap="md">
          {conversation}
          {failure}
        </Stack>
      </Box>
      <MessageBox ref={box} onSend={send} disabled={pending || starting || !conversationId} />
    </Stack>
  );
}
