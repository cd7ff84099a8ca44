import type { ConversationType } from '../../contract';
import { endConversation } from '../conversations/ending';
import { addAssistantReply, addUserMessage, insertConversation } from '../conversations/store';
import type { Db } from '../db/connect';
import type { JsonRecord, StoredFunctionCall } from '../db/schema';

/*
 * The demo's text conversations, kept as the chat keeps them (the assistant's greeting, the customer's
 * messages, the replies with the tools they called and what came back): a test chat and an API chat with
 * Northwind (an order looked up), a website widget chat with Bright Smile Dental (a slot checked and booked).
 * Older ones ended by inactivity, as the sweep ends them.
 */

interface Reply {
  content: string;
  calls?: Omit<StoredFunctionCall, 'round' | 'error' | 'status_code'>[];
}

interface ConversationSpec {
  assistant: string;
  type: ConversationType;
  customer?: string;
  variables: JsonRecord | null;
  /** Minutes before now of the first message. */
  minutesAgo: number;
  model: string;
  turns: [string, Reply][];
  ended: boolean;
}

export const DEMO_CONVERSATIONS: ConversationSpec[] = [
  {
    assistant: 'order_support',
    type: 'test',
    variables: null,
    minutesAgo: 95,
    model: 'gpt-4o-realtime',
    turns: [
      [
        'Hi, where is my order NW-482913? The email on it is jane.porter@example.com.',
        {
          content: 'Your order NW-482913 left our warehouse yesterday with DPD and is due tomorrow. The tracking number is 15501248830512.',
          calls: [
            {
              id: 'call_nw_lookup_1',
              name: 'lookup_order',
              arguments: { order_number: 'NW-482913', email: 'jane.porter@example.com' },
              result: { status: 'shipped', carrier: 'DPD', tracking: '15501248830512', items: ['Trail jacket (M)', 'Merino socks x2'], eta: 'tomorrow' },
              duration_ms: 412,
            },
          ],
        },
      ],
      ['Great, and can I still return the socks if they do not fit?', { content: 'Yes: anything can be returned within 30 days of delivery, and returns are free. I can email you the prepaid label whenever you need it.' }],
    ],
    ended: true,
  },
  {
    assistant: 'dental_reception',
    type: 'widget',
    variables: { customer_name: 'Tom Baker' },
    minutesAgo: 26 * 60,
    model: 'gpt-4o',
    turns: [
      [
        'Do you have anything on Thursday morning for a cleaning?',
        {
          content: 'On Thursday morning we have 9:00 AM or 10:30 AM with Dr. Chen. Which one suits you?',
          calls: [
            {
              id: 'call_bsd_availability_1',
              name: 'check_availability',
              arguments: { date: '2026-12-03', service: 'cleaning', duration_minutes: 60 },
              result: { slots: ['09:00', '10:30'], dentist: 'Dr. Chen' },
              duration_ms: 286,
            },
          ],
        },
      ],
      [
        '10:30 please. My number is +1 415 555 0182 and my email is tom.baker@example.com.',
        {
          content: 'You are booked for a cleaning on Thursday, December 3rd at 10:30 AM with Dr. Chen. A confirmation is on its way to tom.baker@example.com.',
          calls: [
            {
              id: 'call_bsd_book_1',
              name: 'book_appointment',
              arguments: { customer_name: 'Tom Baker', phone: '+14155550182', email: 'tom.baker@example.com', date: '2026-12-03', time: '10:30', send_sms: true },
              result: { booked: true, confirmation: 'BSD-20417' },
              duration_ms: 534,
            },
          ],
        },
      ],
    ],
    ended: true,
  },
  {
    assistant: 'order_support',
    type: 'api',
    customer: 'crm-contact-8812',
    variables: { customer_name: 'Priya Shah' },
    minutesAgo: 3 * 24 * 60,
    model: 'gpt-4o-realtime',
    turns: [
      [
        'My parcel NW-479120 was supposed to come on Monday and it still has not arrived. Email priya.shah@example.com.',
        {
          content: 'I am sorry, Priya. Your parcel is 3 days late, so I have opened a claim (reference CLM-30981) and a replacement goes out today by express, at no charge.',
          calls: [
            {
              id: 'call_nw_lookup_2',
              name: 'lookup_order',
              arguments: { order_number: 'NW-479120', email: 'priya.shah@example.com' },
              result: { status: 'in_transit', carrier: 'Royal Mail', tracking: 'RM219384756GB', delivery_date: 'Monday', days_late: 3 },
              duration_ms: 377,
            },
          ],
        },
      ],
    ],
    ended: true,
  },
];

export async function seedConversations(db: Db, userId: number, assistants: Map<string, number>, now: Date): Promise<void> {
  for (const spec of DEMO_CONVERSATIONS) {
    const assistantId = assistants.get(spec.assistant);
    if (assistantId === undefined) continue;
    const assistant = await db.selectFrom('assistants').selectAll().where('id', '=', assistantId).executeTakeFirstOrThrow();
    let at = now.getTime() - spec.minutesAgo * 60_000;
    const next = (seconds: number) => new Date((at += seconds * 1000));
    const { conversation } = await insertConversation(db, {
      userId,
      assistant,
      type: spec.type,
      variables: spec.variables,
      ...(spec.customer && { customerIdentifier: spec.customer }),
      withInitialMessage: spec.type !== 'api',
      now: next(0),
    });
    for (const [message, reply] of spec.turns) {
      // Not billed: the demo's balance stays what it is.
      await addUserMessage(db, conversation, message, false, next(14));
      await addAssistantReply(
        db,
        conversation,
        {
          content: reply.content,
          functionCalls: (reply.calls ?? []).map((c) => ({ ...c, error: null, status_code: 200, round: 1 })),
          model: spec.model,
          modelLatencyMs: 900 + reply.content.length * 4,
          modelCalls: reply.calls?.length ? 2 : 1,
          inputTokens: 640 + message.length,
          outputTokens: Math.round(reply.content.length / 4),
        },
        next(3),
      );
    }
    if (spec.ended) await endConversation(db, conversation.id, 'inactivity', next(30 * 60));
  }
}
