import type { Db } from '../db/connect';
import { toDbTimestamp } from '../db/time';
import { randomPerson, type Rng } from '../engine/random';
import { randomPhone, type Country } from './calls';
import { daysAgo, type SeededUser } from './reference';

/* A campaign's leads: people with their variables and statuses, a few with a secondary contact. */

export interface LeadsSpec {
  leads: number;
  leadCountry: Country;
  leadStatuses: Record<'created' | 'completed' | 'reached-max-retries', number>;
  secondary: number;
}

const RELATIONS = ['spouse', 'partner', 'business partner', 'assistant', 'parent'] as const;
const CITIES: Record<Country, readonly string[]> = {
  US: ['Brooklyn', 'Hoboken', 'Stamford', 'Yonkers', 'Newark', 'Jersey City', 'San Mateo', 'Oakland', 'Palo Alto'],
  GB: ['Manchester', 'Leeds', 'Bristol', 'Birmingham', 'Sheffield'],
  DE: ['Berlin', 'Potsdam', 'München'],
};

/** Leads of one campaign made `created` (a DB timestamp): each after it, unique phone numbers within it. */
export async function insertLeads(db: Db, user: SeededUser, campaignId: number, s: LeadsSpec, created: string, rng: Rng, now: Date): Promise<void> {
  const statuses: string[] = [];
  for (const [status, n] of Object.entries(s.leadStatuses)) for (let i = 0; i < n; i++) statuses.push(status);
  const used = new Set<string>();
  const uniquePhone = () => {
    let phone = randomPhone(rng, s.leadCountry);
    while (used.has(phone)) phone = randomPhone(rng, s.leadCountry);
    used.add(phone);
    return phone;
  };
  const leadRows = statuses.slice(0, s.leads).map((status) => {
    const person = randomPerson(rng, s.leadCountry === 'DE' ? 'de' : 'en');
    const leadCreated = toDbTimestamp(new Date(Date.parse(`${created.replace(' ', 'T')}Z`) + rng.int(600, 2 * 86_400) * 1000));
    return {
      user_id: user.id,
      campaign_id: campaignId,
      parent_lead_id: null,
      phone_number: uniquePhone(),
      variables: JSON.stringify({
        customer_name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        city: rng.pick(CITIES[s.leadCountry]),
        ...(rng.chance(0.4) ? { source: rng.pick(['website form', 'webinar', 'referral', 'trade show']) } : {}),
      }),
      status,
      created_at: leadCreated,
      updated_at: status === 'created' ? leadCreated : daysAgo(now, rng.int(0, 30), rng),
    };
  });
  const leads = await db.insertInto('leads').values(leadRows).returning(['id', 'created_at']).execute();
  const secondaries = leads.slice(0, s.secondary).map((parent, i) => {
    const person = randomPerson(rng, 'en');
    return {
      user_id: user.id,
      campaign_id: campaignId,
      parent_lead_id: parent.id,
      phone_number: uniquePhone(),
      variables: JSON.stringify({
        customer_name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        relation: RELATIONS[i % RELATIONS.length] ?? 'spouse',
      }),
      status: 'created',
      created_at: parent.created_at,
      updated_at: parent.created_at,
    };
  });
  if (secondaries.length > 0) await db.insertInto('leads').values(secondaries).execute();
}
