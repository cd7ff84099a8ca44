import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  conversationEndedWebhookDisableRequest,
  conversationEndedWebhookEnableRequest,
  conversationsQuery,
  createConversationRequest,
  generateReplyRequest,
  sendMessageRequest,
} from '../../contract';
import { listConversations } from '../conversations/list';
import { conversationResource, functionCallResource, messageResource } from '../conversations/resource';
import {
  canAffordMessage,
  conversationWithHistory,
  customerConversation,
  findAssistant,
  findConversation,
  openConversation,
  setAiEnabled,
  setConversationEndedWebhook,
} from '../conversations/store';
import { ConversationError, INSUFFICIENT_BALANCE, NO_MODEL_MESSAGE, takeTurn, type ConversationServices, type TurnResult } from '../conversations/turn';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { parseBody, parseQuery } from '../http/validate';

/*
 * The hosted conversation API (api-reference/ai-chatbot, conversations, ai-replies): routes parse, call
 * conversations/, and shape the answer. Errors of /conversations/* and /automate/* are `{status: false,
 * error}` (404, 400, 422; 503 without a language model); generate-reply answers `{success: false, error,
 * error_code}`; the list and the webhook switches answer like the rest of /user.
 */

const CONVERSATION_NOT_FOUND = 'Conversation not found';
const ASSISTANT_NOT_FOUND = 'Assistant not found';

function failureStatus(e: ConversationError): ContentfulStatusCode {
  return e.failure === 'no_model' ? 503 : 400;
}

/** Server-Timing of a reply: its time in the handler, and the model's and the tools' share of it (the rest is the service's own). */
function serverTiming(c: Context, r: TurnResult, t0: number): void {
  c.header('Server-Timing', `total;dur=${(performance.now() - t0).toFixed(1)}, model;dur=${r.modelMs}, tools;dur=${r.toolMs}`);
}

function replyBody(r: TurnResult) {
  return { status: true, message: r.text, function_calls: r.functionCalls.map(functionCallResource), ...(r.aiDisabled ? { ai_disabled: true } : {}) };
}

/** /conversations/* and /automate/*: the `{status: false, error}` family. */
function chatRoutes(svc: ConversationServices) {
  const { db, now } = svc;
  const r = new Hono<AppEnv>();
  r.onError((err, c) => {
    if (err instanceof ConversationError) return c.json({ status: false, error: err.message }, failureStatus(err));
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json({ status: false, error: err.message }, err.status);
    }
    console.error('Unhandled error', err);
    return c.json({ message: 'Server Error' }, 500);
  });

  const own = async (c: Context<AppEnv>) => {
    const conversation = await findConversation(db, c.var.user.id, c.req.param('uuid') ?? '');
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    return conversation;
  };

  r.post('/conversations', async (c) => {
    const input = await parseBody(c, createConversationRequest);
    const assistant = await findAssistant(db, c.var.user.id, input.assistant_id);
    if (!assistant) throw notFound(ASSISTANT_NOT_FOUND);
    // A widget conversation needs the price of a message in the balance (the hosted documentation's 400).
    if (input.type === 'widget' && !(await canAffordMessage(db, c.var.user.id))) throw new HttpError(400, INSUFFICIENT_BALANCE);
    const { conversation, initial } = await openConversation(db, { userId: c.var.user.id, assistant, type: input.type, variables: input.variables ?? null, withInitialMessage: true, now: now() });
    return c.json({ status: true, conversation_id: conversation.uuid, history: initial ? [messageResource(initial)] : [] });
  });

  r.post('/conversations/:uuid/messages', async (c) => {
    const t0 = performance.now();
    const conversation = await own(c);
    const { message } = await parseBody(c, sendMessageRequest);
    if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
      const result = await takeTurn(svc, conversation, message);
      serverTiming(c, result, t0);
      return c.json(replyBody(result));
    }
    // Our extension: the reply as it comes. Failures found before the model speaks are plain JSON answers.
    if (conversation.ai_enabled && !svc.model) throw new ConversationError('no_model', NO_MODEL_MESSAGE);
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let chain: Promise<unknown> = Promise.resolve();
      const send = (event: string, data: unknown) => {
        // A client gone mid-reply: the writes fail quietly and the turn still completes (the reply is kept).
        chain = chain.then(() => stream.writeSSE({ event, data: JSON.stringify(data) })).catch(() => undefined);
      };
      try {
        const result = await takeTurn(
          svc,
          conversation,
          message,
          {
            onText: (delta) => send('text', { delta }),
            onFunctionCall: (call) => send('function_call', call),
            onFunctionResult: (call) => send('function_result', { id: call.id, ...functionCallResource(call) }),
          },
          true,
        );
        send('done', replyBody(result));
      } catch (e) {
        if (!(e instanceof ConversationError)) console.error('Unhandled error', e);
        send('error', { status: false, error: e instanceof ConversationError ? e.message : 'Server Error' });
      }
      await chain;
    });
  });

  r.get('/conversations/:uuid', async (c) => {
    const { messages, listed } = await conversationWithHistory(db, await own(c));
    return c.json({ status: true, history: messages.map(messageResource), conversation: conversationResource(listed) });
  });

  for (const [action, enabled] of [['disable-ai', false], ['enable-ai', true]] as const) {
    r.post(`/automate/conversations/:uuid/${action}`, async (c) => {
      const conversation = await setAiEnabled(db, c.var.user.id, c.req.param('uuid'), enabled, now());
      if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
      return c.json({ status: true, message: enabled ? 'AI enabled successfully' : 'AI disabled successfully', ai_enabled: conversation.ai_enabled });
    });
  }
  return r;
}

/** The list, the webhook switches and generate-reply: errors in their own documented forms. */
function otherRoutes(svc: ConversationServices) {
  const { db, now } = svc;
  const r = new Hono<AppEnv>();

  r.get('/user/conversations', async (c) => {
    const query = parseQuery(c, conversationsQuery);
    return c.json(await listConversations(db, c.var.user.id, query, c.req.url));
  });

  r.post('/user/assistants/enable-conversation-ended-webhook', async (c) => {
    const input = await parseBody(c, conversationEndedWebhookEnableRequest);
    if (!(await setConversationEndedWebhook(db, c.var.user.id, input.assistant_id, input.webhook_url, now()))) throw notFound(ASSISTANT_NOT_FOUND);
    return c.json({ message: 'Conversation ended webhook enabled successfully', data: [] });
  });

  r.post('/user/assistants/disable-conversation-ended-webhook', async (c) => {
    const input = await parseBody(c, conversationEndedWebhookDisableRequest);
    if (!(await setConversationEndedWebhook(db, c.var.user.id, input.assistant_id, null, now()))) throw notFound(ASSISTANT_NOT_FOUND);
    return c.json({ message: 'Conversation ended webhook disabled successfully', data: [] });
  });

  r.post('/ai/generate-reply', async (c) => {
    const t0 = performance.now();
    const input = await parseBody(c, generateReplyRequest);
    const assistant = await findAssistant(db, c.var.user.id, input.assistant_id);
    if (!assistant) return c.json({ success: false, error: 'Assistant not found or does not belong to you', error_code: 'ASSISTANT_NOT_FOUND' }, 404);
    const conversation = await customerConversation(db, c.var.user.id, assistant, input.customer_identifier, input.variables, now());
    try {
      const result = await takeTurn(svc, conversation, input.message);
      serverTiming(c, result, t0);
      return c.json({
        success: true,
        conversation_id: conversation.uuid,
        customer_identifier: input.customer_identifier,
        reply: result.text,
        function_calls: result.functionCalls.map(functionCallResource),
        ai_disabled: result.aiDisabled,
      });
    } catch (e) {
      if (!(e instanceof ConversationError)) throw e;
      const [status, code] = e.failure === 'insufficient_balance' ? ([402, 'INSUFFICIENT_BALANCE'] as const) : e.failure === 'no_model' ? ([503, 'MODEL_NOT_CONFIGURED'] as const) : ([400, 'PROCESSING_ERROR'] as const);
      return c.json({ success: false, error: e.message, error_code: code }, status);
    }
  });
  return r;
}

export function conversationRoutes(deps: Deps) {
  const svc: ConversationServices = { db: deps.db, now: deps.now, model: deps.model ?? null, allowPrivateUrls: deps.allowPrivateUrls ?? false };
  const r = new Hono<AppEnv>();
  r.route('/', chatRoutes(svc));
  r.route('/', otherRoutes(svc));
  return r;
}
