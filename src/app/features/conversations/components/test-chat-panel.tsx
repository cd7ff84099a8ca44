import { Alert, Box, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconCopy, IconExternalLink, IconPhone, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { errorMessage } from '@/api/errors';
import { useIsLocalService } from '@/api/local-service';
import { ButtonLink } from '@/components/links';
import { ErrorState } from '@/components/error-state';
import { m } from '@/i18n';
import { useCreateConversation } from '../api/create-conversation';
import { useSendMessage } from '../api/send-message';
import { useKeepWebCall, useSpeechEngine } from '../api/speech';
import { useSpeaker } from '../lib/use-speaker';
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
 * shows it on that page. On the local service with speech, "Speak replies" plays each reply aloud
 * (POST /speech); a session that has spoken is kept as a `web` call (POST /conversations/{uuid}/web-call,
 * again after each new turn), linked here.
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
  const local = useIsLocalService();
  const engine = useSpeechEngine();
  const canSpeak = local === true && typeof engine === 'string' && engine !== 'none';
  const [speakerOn, setSpeakerOn] = useState(false);
  const speakerOnRef = useRef(false);
  const speaker = useSpeaker(undefined);
  const keepWebCall = useKeepWebCall();
  const [webCallId, setWebCallId] = useState<number | null>(null);
  const [webCallError, setWebCallError] = useState<unknown>(null);

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
      setWebCallId(null);
      setWebCallError(null);
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
        if (!live()) return;
        dispatch({ type: 'replied', reply });
        if (speakerOnRef.current && reply.message.trim() !== '') void speakAndKeep(id, reply.message, current);
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

  /**
   * Speaks a reply, then keeps the session as a `web` call: made at the first spoken reply, brought up to
   * date after each later one (the service updates the same call in place).
   */
  async function speakAndKeep(id: string, text: string, current: number) {
    const spoken = await speaker.speak(text);
    if (!spoken || current !== generation.current) return;
    try {
      const kept = await keepWebCall.mutateAsync(id);
      if (current !== generation.current) return;
      setWebCallError(null);
      if (kept.call_id !== null) setWebCallId(kept.call_id);
    } catch (e) {
      if (current === generation.current) setWebCallError(e);
    }
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
        {canSpeak ? (
          <Switch
            size="sm"
            label={m.conversations_speak_replies()}
            checked={speakerOn}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              speakerOnRef.current = on;
              setSpeakerOn(on);
              if (!on) speaker.stop();
            }}
            data-testid="speaker-switch"
          />
        ) : null}
        {webCallId !== null ? (
          <ButtonLink size="xs" variant="default" leftSection={<IconPhone size={14} aria-hidden />} to="/calls/$callId" params={{ callId: webCallId }} data-testid="web-call-link">
            {m.conversations_web_call_link({ id: webCallId })}
          </ButtonLink>
        ) : null}
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
          {speaker.error ? (
            <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={m.conversations_speech_failed()} withCloseButton onClose={speaker.clearError}>
              <Text size="sm">{errorMessage(speaker.error)}</Text>
            </Alert>
          ) : null}
          {webCallError ? (
            <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={m.conversations_web_call_failed()}>
              <Text size="sm">{errorMessage(webCallError)}</Text>
            </Alert>
          ) : null}
        </Stack>
      </Box>
      <MessageBox ref={box} onSend={send} disabled={pending || starting || !conversationId} />
    </Stack>
  );
}
