import type { Db } from '../db/connect';
import { Rng } from '../engine/random';
import { insertAssistants } from './assistants';
import { insertCampaigns } from './campaigns';
import { insertNumbers } from './numbers';
import { at, daysAgo, referenceData, type SeededUser } from './reference';
import { insertTools } from './tools';

// ---- a small account: the second user, and a user `npm run seed` makes ----

/**
 * A little of each for a user: one number, one outbound assistant with a tool, one running campaign with
 * two leads. Returns nothing; calls come separately (generateCalls).
 */
export async function seedSmallAccount(db: Db, userId: number, options: { now?: Date; seed?: number } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const rng = new Rng(options.seed ?? 7);
  const refs = await referenceData(db);
  const numbers = await insertNumbers(
    db,
    userId,
    [{ key: 'main', country: 'US', label: 'Normal', shape: (r) => `+1303${r.int(2, 9)}${r.digits(6)}` }],
    rng,
    daysAgo(now, 40, rng),
  );
  const user: SeededUser = { id: userId, numbers };
  const tools = await insertTools(
    db,
    userId,
    [
      {
        name: 'create_crm_note',
        description: 'Saves a note on the lead in the CRM: call outcome and next step. Use it before ending the call.',
        endpoint: 'https://crm.example.com/api/v2/notes',
        method: 'POST',
        timeout: 10,
        headers: [{ name: 'Authorization', value: 'Bearer crm_9c0f5e1a' }],
        schema: [
          { name: 'lead_phone', type: 'string', description: 'Phone number of the lead' },
          { name: 'note', type: 'string', description: 'Short summary of the call' },
          { name: 'interested', type: 'boolean', description: 'Whether the lead wants a follow-up' },
        ],
      },
    ],
    daysAgo(now, 38, rng),
  );
  const assistants = await insertAssistants(
    db,
    user,
    [
      {
        key: 'callback',
        name: 'Brightwave Solar – Lead Callback',
        type: 'outbound',
        mode: 'pipeline',
        number: 'main',
        voice: (r) => at(2, r.pipelineVoices).id,
        language: 'English',
        timezone: 'America/Denver',
        initial_message: 'Hi, is this {{customer_name}}? This is {{agent_name}} from {{company_name}}.',
        system_prompt:
          'You are {{agent_name}} from {{company_name}}, calling back solar leads. Qualify them (homeowner, bill, timeline), ' +
          'offer a free assessment and save the outcome with create_crm_note.',
        variables: { company_name: 'Brightwave Solar', agent_name: 'Riley', customer_name: 'there' },
        post_call_schema: [{ name: 'qualified', type: 'bool', description: 'Lead is qualified' }],
        webhook_url: null,
        is_webhook_active: false,
        tools: ['create_crm_note'],
      },
    ],
    refs,
    { pipeline: at(0, refs.pipelineVoices).id, multimodal: at(0, refs.multimodalVoices).id },
    tools,
    rng,
    now,
  );
  await insertCampaigns(
    db,
    user,
    [
      {
        name: 'Brightwave Q3 Callbacks',
        assistant: 'callback',
        status: 'running',
        timezone: 'America/Denver',
        max_calls_in_parallel: 1,
        hours: ['09:00', '17:00'],
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        max_retries: 2,
        retry_interval: 90,
        numbers: ['main'],
        leads: 2,
        leadCountry: 'US',
        leadStatuses: { created: 1, completed: 1, 'reached-max-retries': 0 },
        secondary: 0,
        createdDaysAgo: 35,
      },
    ],
    assistants,
    rng,
    now,
  );
}

