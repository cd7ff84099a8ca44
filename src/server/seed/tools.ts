import type { Db } from '../db/connect';
import type { ToolHeader, ToolParam } from '../db/schema';

/* The demo account's mid-call tools: a calendar (availability, booking) and an order lookup. */

export interface ToolSpec {
  name: string;
  description: string;
  endpoint: string;
  method: string;
  timeout: number;
  headers: ToolHeader[];
  schema: ToolParam[];
}

export const DEMO_TOOLS: ToolSpec[] = [
  {
    name: 'check_availability',
    description: 'Checks free appointment slots for a day and service. Use it before offering any time to the caller.',
    endpoint: 'https://api.example.com/calendar/v1/availability',
    method: 'GET',
    timeout: 8,
    headers: [
      { name: 'Authorization', value: 'Bearer cal_live_3f9a2c71d04b' },
      { name: 'Accept', value: 'application/json' },
    ],
    schema: [
      { name: 'date', type: 'string', description: 'Requested day, YYYY-MM-DD' },
      { name: 'service', type: 'string', description: 'Kind of appointment, e.g. cleaning or check-up' },
      { name: 'duration_minutes', type: 'number', description: 'Length of the appointment in minutes' },
    ],
  },
  {
    name: 'book_appointment',
    description: 'Books the chosen slot. Call it only after the caller confirmed date, time, phone number and email.',
    endpoint: 'https://api.example.com/calendar/v1/appointments',
    method: 'POST',
    timeout: 15,
    headers: [
      { name: 'Authorization', value: 'Bearer cal_live_3f9a2c71d04b' },
      { name: 'X-Source', value: 'voice-assistant' },
    ],
    schema: [
      { name: 'customer_name', type: 'string', description: 'Full name of the caller' },
      { name: 'phone', type: 'string', description: 'Phone number in E.164' },
      { name: 'email', type: 'string', description: 'Email for the confirmation' },
      { name: 'date', type: 'string', description: 'Day of the appointment, YYYY-MM-DD' },
      { name: 'time', type: 'string', description: 'Start time, HH:MM (24 h)' },
      { name: 'send_sms', type: 'boolean', description: 'Send a text confirmation too' },
    ],
  },
  {
    name: 'lookup_order',
    description: 'Finds an order by its number and the email on it; returns items, shipping status, carrier and tracking.',
    endpoint: 'https://shop.example.com/api/orders/lookup',
    method: 'POST',
    timeout: 10,
    headers: [{ name: 'X-Api-Key', value: 'nw_live_8d41b0e97a' }],
    schema: [
      { name: 'order_number', type: 'string', description: 'Order number, NW- followed by six digits' },
      { name: 'email', type: 'string', description: 'Email address on the order' },
    ],
  },
];

export async function insertTools(db: Db, userId: number, specs: ToolSpec[], createdAt: string): Promise<Map<string, number>> {
  const inserted = await db
    .insertInto('tools')
    .values(
      specs.map((t) => ({
        user_id: userId,
        name: t.name,
        description: t.description,
        endpoint: t.endpoint,
        method: t.method,
        timeout: t.timeout,
        headers: JSON.stringify(t.headers),
        schema: JSON.stringify(t.schema),
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  return new Map(inserted.map((t) => [t.name, t.id]));
}
