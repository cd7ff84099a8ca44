import { afterAll, beforeAll } from 'vitest';
import type { TestClock } from '../engine/clock';
import type { ChatModel } from '../model/chat-model';
import { createChatModel } from '../model/openai-compatible';
import { startTestService, type TestService } from './harness';
import { startStandInModel, type SeenRequest, type Scripted, type StandInModel } from './stand-ins/model';
import { startOrderTool, type OrderTool } from './stand-ins/tool-endpoint';
import type { ServiceWithUsers } from './use-service';

/*
 * The frame of the tests whose calls the service plays out itself with the model (suites, replays): the
 * stand-in model plays the assistant with the file's script, the order tool answers its lookups, and the
 * test clock moves the calls along (short leases, so a crashed holder's call is taken over within the test).
 */

/** What useOrderService hands a test file. */
export interface OrderService extends ServiceWithUsers {
  stand: StandInModel;
  /** The order tool's server, for insertOrderAssistant (order-tool.ts). */
  toolBase: string;
}

/**
 * Before the file's tests: the stand-in model answering as `assistant`, the order tool and a test service on
 * `clock` with two users, handed to `ready`. After them: all three closed.
 */
export function useOrderService(clock: TestClock, assistant: (req: SeenRequest) => Scripted, ready: (started: OrderService) => unknown): void {
  let stand: StandInModel | undefined;
  let tools: OrderTool | undefined;
  let svc: TestService | undefined;
  beforeAll(async () => {
    stand = await startStandInModel({ fallback: assistant });
    tools = await startOrderTool();
    svc = await startTestService({ clock, llm: { baseUrl: stand.baseUrl, retryDelayMs: 5 }, suiteLeaseMs: 1_000, talkLeaseMs: 1_000 });
    await ready({ svc, alice: await svc.user(), bob: await svc.user(), stand, toolBase: tools.base });
  });
  afterAll(async () => {
    await svc?.close();
    await stand?.close();
    await tools?.close();
  });
}

/** A model client of the stand-in at `baseUrl` that does not retry, for the tests that drive a worker by hand. */
export function standInChatModel(baseUrl: string): ChatModel {
  return createChatModel({ baseUrl, apiKey: undefined, model: undefined, timeoutMs: 10_000, maxRetries: 0, retryDelayMs: 10 });
}

/** How two processes' workers share a run (a suite run, a replay set): what they do, and what the test watches. */
export interface SharedRun {
  /** One round of both workers at the same moment. */
  bothWork(): Promise<unknown>;
  /** How many of the run's items are calling now. */
  calling(): Promise<number>;
  /** Whether the run is still running. */
  running(): Promise<boolean>;
}

/**
 * Drives two processes' workers on one run, the test clock and the service's background work moving the
 * calls, until the run ends: the most items that were calling at once.
 */
export async function workSharedRun(svc: TestService, clock: TestClock, run: SharedRun): Promise<number> {
  let most = 0;
  for (let i = 0; i < 400; i++) {
    await run.bothWork();
    most = Math.max(most, await run.calling());
    if (!(await run.running())) break;
    clock.advance(2_000);
    await svc.work.runOnce();
  }
  return most;
}

const text = (c: unknown) => (typeof c === 'string' ? c : '');

/** The assistant's turn after the order tool answered: the status it found, or undefined when the tool has not just answered. */
export function orderToolResult(req: SeenRequest): Scripted | undefined {
  const last = req.body.messages.at(-1);
  if (last?.role !== 'tool') return undefined;
  return { text: `Your order is ${/"status":"(\w+)"/.exec(text(last.content))?.[1] ?? 'unknown'}. Anything else?` };
}

/**
 * The assistant's turn when the customer's last words mention an order and the order tool is offered: a
 * lookup of the order named (A-digits), else of `unnamed`; undefined otherwise.
 */
export function orderLookup(req: SeenRequest, unnamed: string): Scripted | undefined {
  const said = text(req.body.messages.at(-1)?.content);
  if (!/order/i.test(said) || !req.body.tools?.some((t) => t.function.name === 'order_status')) return undefined;
  return { toolCalls: [{ name: 'order_status', arguments: { order_id: /A-\d+/.exec(said)?.[0] ?? unnamed } }] };
}
