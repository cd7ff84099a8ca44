import type { TranscriptLine } from '../db/schema';
import type { Language, Person, Rng } from '../engine/random';

/*
 * Realistic call conversations for the demo and large seeds: a handful of scenarios (appointment
 * booking, order status, lead qualification, technical support, voicemail), each with varied lines,
 * names, dates and numbers drawn from a seeded PRNG, so the same seed gives the same data.
 */

export type Scenario = 'appointment' | 'order_status' | 'lead_qualification' | 'support' | 'voicemail';

// ---- dates and numbers, as a person says them ----

const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const WEEKDAYS_DE = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'] as const;
const MONTHS_EN = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;
const MONTHS_DE = [
  'Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember',
] as const;

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${s}`;
}

/** A working day 1-12 days after the call. */
function futureWorkday(rng: Rng, from: Date): Date {
  const d = new Date(from.getTime() + rng.int(1, 12) * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

function sayDate(d: Date, language: Language): string {
  if (language === 'de') return `${WEEKDAYS_DE[d.getUTCDay()]}, den ${d.getUTCDate()}. ${MONTHS_DE[d.getUTCMonth()]}`;
  return `${WEEKDAYS_EN[d.getUTCDay()]}, ${MONTHS_EN[d.getUTCMonth()]} ${ordinal(d.getUTCDate())}`;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function slot(rng: Rng, language: Language): { spoken: string; value: string } {
  const hour = rng.pick([8, 9, 10, 11, 13, 14, 15, 16]);
  const minute = rng.pick([0, 15, 30, 45]);
  const value = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  if (language === 'de') return { spoken: `${hour}:${String(minute).padStart(2, '0')} Uhr`, value };
  const h12 = hour > 12 ? hour - 12 : hour;
  const ampm = hour >= 12 ? 'PM' : 'AM';
  return { spoken: minute === 0 ? `${h12} ${ampm}` : `${h12}:${String(minute).padStart(2, '0')} ${ampm}`, value };
}

/** "+14155550123" read out as the last four digits. */
function lastDigits(phone: string): string {
  return phone.slice(-4).split('').join(' ');
}

// ---- conversations ----

export interface Turn {
  sender: 'assistant' | 'user';
  text: string;
}

export interface ConversationInput {
  scenario: Scenario;
  language: Language;
  /** The business the assistant speaks for and its agent's name. */
  company: string;
  agent: string;
  /** Who is on the other end. */
  person: Person;
  clientPhone: string;
  /** The assistant called out (outbound) rather than answered. */
  outbound: boolean;
  startedAt: Date;
}

export interface Conversation {
  turns: Turn[];
  /** Variables the call collected. */
  variables: Record<string, string | number | boolean>;
  /** Whether the call reached its goal, and a one-line summary for the evaluation. */
  successful: boolean;
  summary: string;
  sentiment: 'positive' | 'neutral' | 'negative';
}

const A = (text: string): Turn => ({ sender: 'assistant', text });
const U = (text: string): Turn => ({ sender: 'user', text });

const DENTAL_SERVICES = ['cleaning', 'check-up', 'filling', 'whitening consultation', 'root canal follow-up'] as const;
const DENTIST = ['Dr. Patel', 'Dr. Morgan', 'Dr. Chen', 'Dr. Alvarez'] as const;

function appointmentEn(rng: Rng, c: ConversationInput): Conversation {
  const { person: p } = c;
  const service = rng.pick(DENTAL_SERVICES);
  const day = futureWorkday(rng, c.startedAt);
  const s1 = slot(rng, 'en');
  let s2 = slot(rng, 'en');
  if (s2.value === s1.value) s2 = { spoken: s1.spoken.includes('PM') ? '9 AM' : '3 PM', value: s1.spoken.includes('PM') ? '09:00' : '15:00' };
  const dentist = rng.pick(DENTIST);
  const turns: Turn[] = c.outbound
    ? [
        A(`Hi, is this ${p.firstName}?`),
        U(rng.pick(['Yes, speaking.', 'Yeah, who is this?', `This is ${p.firstName}, yes.`])),
        A(
          `Hi ${p.firstName}, this is ${c.agent} from ${c.company}. I'm calling because it has been about six months since your last visit, and you're due for a ${service}. Would you like to book an appointment?`,
        ),
        U(rng.pick(['Oh right, yes, I have been meaning to do that.', 'Sure, what do you have available?', 'Yes please, mornings are best for me.'])),
      ]
    : [
        A(`Thank you for calling ${c.company}, this is ${c.agent}. How can I help you today?`),
        U(
          rng.pick([
            `Hi, this is ${p.firstName} ${p.lastName}. I'd like to book a ${service}.`,
            `Hello, I need to schedule a ${service}, please.`,
            `Hi there, I'm a patient of ${dentist} and I need a ${service}.`,
          ]),
        ),
        A(`Of course${rng.chance(0.5) ? `, ${p.firstName}` : ''}. Do you have a preferred day or time?`),
        U(rng.pick([`Would ${WEEKDAYS_EN[day.getUTCDay()]} work?`, 'Sometime next week, ideally in the afternoon.', 'As soon as possible really, my tooth is a bit sensitive.'])),
      ];
  turns.push(A(`Let me check the calendar for you. One moment.`));
  const booked = rng.chance(0.82);
  if (booked) {
    turns.push(
      A(`I have ${s1.spoken} or ${s2.spoken} available on ${sayDate(day, 'en')}. Which one suits you better?`),
      U(rng.pick([`${s2.spoken} is perfect.`, `Let's do ${s2.spoken}.`, `${s2.spoken}, please.`])),
      A(`Great. Can I confirm the best number to reach you? I have one ending in ${lastDigits(c.clientPhone)}.`),
      U(rng.pick(['Yes, that is right.', 'Yes, that works.', 'Correct.'])),
      A(`And could I get an email address for the confirmation?`),
      U(`Sure, it's ${p.email}.`),
      A(
        `Thank you. You're booked for a ${service} with ${dentist} on ${sayDate(day, 'en')} at ${s2.spoken}. You'll get a text and an email confirmation shortly. Please arrive ten minutes early. Is there anything else I can help with?`,
      ),
      U(rng.pick(["No, that's all. Thanks!", 'Do I need to bring anything?', 'No, thank you so much.'])),
    );
    if (turns.at(-1)?.text.startsWith('Do I')) {
      turns.push(A('Just your insurance card and a photo ID. Anything else?'), U('No, that is everything. Thanks.'));
    }
    turns.push(A(`You're welcome, ${p.firstName}. Have a great day!`));
  } else {
    turns.push(
      A(`I'm sorry, ${sayDate(day, 'en')} is fully booked. The next opening is ${s1.spoken} the following ${WEEKDAYS_EN[day.getUTCDay()]}.`),
      U(rng.pick(["Hmm, that doesn't work for me. I'll check my schedule and call back.", "That's too late, I'll try somewhere else, thanks."])),
      A(`No problem. You can call us any time between 8 AM and 6 PM. Take care, ${p.firstName}.`),
    );
  }
  return {
    turns,
    variables: {
      customer_name: `${p.firstName} ${p.lastName}`,
      service,
      ...(booked ? { appointment_date: isoDate(day), appointment_time: s2.value, email: p.email, dentist } : {}),
    },
    successful: booked,
    summary: booked
      ? `${p.firstName} ${p.lastName} booked a ${service} with ${dentist} on ${isoDate(day)} at ${s2.value}.`
      : `${p.firstName} ${p.lastName} wanted a ${service}, no suitable slot; will call back.`,
    sentiment: booked ? 'positive' : 'neutral',
  };
}

function appointmentDe(rng: Rng, c: ConversationInput): Conversation {
  const { person: p } = c;
  const reason = rng.pick(['Kontrolluntersuchung', 'Blutabnahme', 'Impfung', 'Beratungsgespräch', 'Nachsorgetermin'] as const);
  const day = futureWorkday(rng, c.startedAt);
  const s1 = slot(rng, 'de');
  const booked = rng.chance(0.8);
  const turns: Turn[] = [
    A(`${c.company}, guten Tag, hier spricht ${c.agent}, die digitale Assistenz. Wie kann ich Ihnen helfen?`),
    U(rng.pick([`Guten Tag, ${p.firstName} ${p.lastName} hier. Ich bräuchte einen Termin für eine ${reason}.`, `Hallo, ich möchte gern einen Termin vereinbaren, es geht um eine ${reason}.`])),
    A('Sehr gern. Sind Sie bereits Patientin oder Patient bei uns?'),
    U(rng.pick(['Ja, schon seit ein paar Jahren.', 'Nein, ich wäre neu.'])),
    A('Einen Moment bitte, ich sehe im Kalender nach.'),
  ];
  if (booked) {
    turns.push(
      A(`Ich hätte am ${sayDate(day, 'de')} um ${s1.spoken} einen Termin frei. Passt Ihnen das?`),
      U(rng.pick(['Ja, das passt gut.', 'Ja, perfekt.', 'Das geht, ja.'])),
      A(`Dann trage ich Sie ein. Darf ich Ihre E-Mail-Adresse für die Bestätigung notieren?`),
      U(`Ja, ${p.email}.`),
      A(`Vielen Dank. Ihr Termin: ${sayDate(day, 'de')} um ${s1.spoken}. Bitte bringen Sie Ihre Versichertenkarte mit. Kann ich sonst noch etwas für Sie tun?`),
      U('Nein, das war alles. Danke schön!'),
      A(`Gern geschehen, bis ${WEEKDAYS_DE[day.getUTCDay()]}. Auf Wiederhören!`),
    );
  } else {
    turns.push(
      A(`Leider ist diese Woche alles belegt. Der nächste freie Termin wäre am ${sayDate(day, 'de')} um ${s1.spoken}.`),
      U('Das ist mir leider zu spät. Ich melde mich noch einmal.'),
      A('Alles klar. Sie erreichen uns montags bis freitags von 8 bis 18 Uhr. Auf Wiederhören!'),
    );
  }
  return {
    turns,
    variables: {
      customer_name: `${p.firstName} ${p.lastName}`,
      reason,
      ...(booked ? { appointment_date: isoDate(day), appointment_time: s1.value, email: p.email } : {}),
    },
    successful: booked,
    summary: booked
      ? `Termin für ${p.firstName} ${p.lastName} (${reason}) am ${isoDate(day)} um ${s1.value} vereinbart.`
      : `${p.firstName} ${p.lastName} wollte einen Termin (${reason}), kein passender frei.`,
    sentiment: booked ? 'positive' : 'neutral',
  };
}

const PRODUCTS = [
  'a pair of trail running shoes', 'a waterproof hiking jacket', 'two merino base layers', 'a 45-litre backpack',
  'a camping stove and a gas canister', 'a down sleeping bag',
] as const;
const CARRIERS = ['UPS', 'FedEx', 'DHL', 'USPS'] as const;

function orderStatus(rng: Rng, c: ConversationInput): Conversation {
  const { person: p } = c;
  const order = `NW-${rng.int(100000, 999999)}`;
  const product = rng.pick(PRODUCTS);
  const carrier = rng.pick(CARRIERS);
  const tracking = `1Z${rng.digits(4)}${String.fromCharCode(65 + rng.int(0, 25))}${rng.digits(10)}`;
  const shipped = new Date(c.startedAt.getTime() - rng.int(1, 6) * 86_400_000);
  const eta = futureWorkday(rng, c.startedAt);
  const outcome = rng.weighted({ in_transit: 5, delayed: 2, delivered_missing: 2, refund: 1 });
  const turns: Turn[] = [
    A(`Hi, you've reached ${c.company} customer service. I'm ${c.agent}, a virtual assistant. How can I help?`),
    U(rng.pick(["Hi, I'm calling about my order, it hasn't arrived yet.", 'Hello, I wanted to check where my package is.', "Hi, I ordered something last week and haven't heard anything."])),
    A("I'm happy to look into that. Could you give me your order number? It starts with N W."),
    U(`Sure, it's ${order.split('').join(' ').replace('N W -', 'N W dash')}.`),
    A('Thank you. And for security, the email address on the order?'),
    U(`It's ${p.email}.`),
    A(`Thanks, ${p.firstName}. I found your order for ${product}.`),
  ];
  let successful = true;
  let sentiment: Conversation['sentiment'] = 'positive';
  switch (outcome) {
    case 'in_transit':
      turns.push(
        A(`It shipped on ${sayDate(shipped, 'en')} with ${carrier}, tracking number ending in ${tracking.slice(-4)}. It's expected to arrive on ${sayDate(eta, 'en')}.`),
        U('Great, can you send me the tracking link?'),
        A(`Of course, I've just emailed it to ${p.email}. Anything else I can help with?`),
        U("No, that's it. Thanks!"),
      );
      break;
    case 'delayed':
      sentiment = 'neutral';
      turns.push(
        A(`I'm sorry, one item was back-ordered, so the parcel hasn't shipped yet. It's now scheduled to leave our warehouse on ${sayDate(eta, 'en')}.`),
        U(rng.pick(["That's annoying, I needed it for a trip this weekend.", 'Okay, can I get express shipping at least?'])),
        A("I understand. I've upgraded your order to express shipping at no charge, so it should arrive a day after it ships."),
        U('Alright, thank you.'),
      );
      break;
    case 'delivered_missing':
      sentiment = 'negative';
      successful = rng.chance(0.7);
      turns.push(
        A(`${carrier} shows it as delivered on ${sayDate(shipped, 'en')} and left at the front door.`),
        U("That's strange, there was nothing at the door. I checked with my neighbours too."),
        A(`I'm sorry about that. I've opened a claim with ${carrier}, reference C${rng.digits(7)}. If it doesn't turn up within 48 hours we'll send a replacement.`),
        U('Okay. I hope it turns up.'),
      );
      break;
    case 'refund':
      sentiment = 'neutral';
      turns.push(
        A(`It's on its way with ${carrier} and should arrive ${sayDate(eta, 'en')}. Is there anything else?`),
        U("Actually I'd like to return it once it arrives, it's the wrong size."),
        A("No problem. Returns are free within 30 days. I've emailed you a prepaid return label, and the refund is issued within five days of us receiving it."),
        U('Perfect, thanks.'),
      );
      break;
  }
  turns.push(A(`Thanks for calling ${c.company}, ${p.firstName}. Have a good one!`));
  return {
    turns,
    variables: { customer_name: `${p.firstName} ${p.lastName}`, order_number: order, email: p.email, order_status: outcome, carrier },
    successful,
    summary: `Order ${order} (${product}): ${outcome.replace('_', ' ')}.`,
    sentiment,
  };
}

const STREETS = ['Maple Avenue', 'Oak Street', 'Lakeview Drive', 'Sunset Boulevard', 'Pine Ridge Road', 'Elm Court'] as const;

function leadQualification(rng: Rng, c: ConversationInput): Conversation {
  const { person: p } = c;
  const street = `${rng.int(12, 980)} ${rng.pick(STREETS)}`;
  const bill = rng.int(9, 42) * 10;
  const years = rng.int(2, 25);
  const timeline = rng.pick(['three months', 'six months', 'year', 'few weeks'] as const);
  const day = futureWorkday(rng, c.startedAt);
  const s = slot(rng, 'en');
  const homeowner = rng.chance(0.85);
  const interested = homeowner && rng.chance(0.6);
  const turns: Turn[] = [
    A(`Hi, is this ${p.firstName}?`),
    U(rng.pick(['Yes, speaking.', 'Yeah, who is calling?', 'Speaking.'])),
    A(`Hi ${p.firstName}, this is ${c.agent} calling from ${c.company}. You recently requested information about solar panels for your home. Do you have two minutes?`),
    U(rng.pick(['Sure, go ahead.', "I'm a bit busy, but okay, quickly.", 'Yes, I did fill out that form.'])),
    A(`Thanks! First, do you own your home at ${street}?`),
  ];
  if (!homeowner) {
    turns.push(
      U("No, we're renting actually."),
      A("Thanks for letting me know. Our programme is only for homeowners at the moment, so I won't take more of your time. If that changes, we'd be glad to help. Have a great day!"),
    );
    return {
      turns,
      variables: { customer_name: `${p.firstName} ${p.lastName}`, homeowner: false, qualified: false },
      successful: false,
      summary: `${p.firstName} ${p.lastName} rents the home: not qualified.`,
      sentiment: 'neutral',
    };
  }
  turns.push(
    U(`Yes, we've owned it for about ${years} years.`),
    A('Roughly how much is your monthly electricity bill?'),
    U(`Around ${bill} dollars, more in the summer.`),
    A('And is your roof mostly facing south, or is it shaded by trees?'),
    U(rng.pick(['Mostly south, no trees.', "It faces west, there's one big tree but it's not too bad.", "South-east, I think. It's pretty sunny."])),
    A('When would you be looking to install?'),
    U(`Probably in the next ${timeline}.`),
    A(`Based on that, you could save around ${Math.round(bill * 12 * 0.7)} dollars a year. Could I book a free on-site assessment with one of our advisors? I have ${sayDate(day, 'en')} at ${s.spoken}.`),
  );
  if (interested) {
    turns.push(
      U('Yes, that works.'),
      A(`Perfect, you're booked for ${sayDate(day, 'en')} at ${s.spoken}. I'll send the details to your email. Is ${p.email} still correct?`),
      U('Yes, that is right.'),
      A(`Great, thanks ${p.firstName}. Talk soon!`),
    );
  } else {
    turns.push(
      U(`Not right now. Can you just email me some information? ${p.email}.`),
      A(`Of course, I'll send our brochure and a savings estimate to ${p.email}. Thanks for your time, ${p.firstName}!`),
    );
  }
  return {
    turns,
    variables: {
      customer_name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      homeowner: true,
      monthly_bill: bill,
      timeline,
      qualified: interested,
      ...(interested ? { assessment_date: isoDate(day), assessment_time: s.value } : {}),
    },
    successful: interested,
    summary: interested
      ? `${p.firstName} ${p.lastName} qualified (bill $${bill}/month, install within ${timeline}); assessment on ${isoDate(day)} ${s.value}.`
      : `${p.firstName} ${p.lastName} is a homeowner but not ready; brochure sent to ${p.email}.`,
    sentiment: interested ? 'positive' : 'neutral',
  };
}

function support(rng: Rng, c: ConversationInput): Conversation {
  const { person: p } = c;
  const account = `${rng.int(40, 89)}${rng.digits(6)}`;
  const problem = rng.weighted({ dropping: 3, red_light: 2, slow: 2, billing: 1 });
  const fixed = problem !== 'billing' && rng.chance(0.6);
  const ticket = `FN-${rng.int(200000, 899999)}`;
  const visit = futureWorkday(rng, c.startedAt);
  const opening: Record<typeof problem, string> = {
    dropping: `My internet keeps dropping out since ${rng.pick(['yesterday', 'Monday', 'the weekend', 'this morning'])}.`,
    red_light: 'The light on my router is blinking red and nothing works.',
    slow: `I'm paying for ${rng.pick([300, 500, 1000])} megabits but I'm getting maybe twenty.`,
    billing: "I've been charged twice on my last bill.",
  };
  const turns: Turn[] = [
    A(`Welcome to ${c.company} support, I'm ${c.agent}, your virtual assistant. What can I help you with today?`),
    U(opening[problem]),
    A("I'm sorry to hear that. Can I have your account number, or the phone number on the account?"),
    U(`The account number is ${account}.`),
    A(`Thanks, ${p.firstName}. I've found your account.`),
  ];
  if (problem === 'billing') {
    const amount = (rng.int(4999, 8999) / 100).toFixed(2);
    turns.push(
      A(`I can see two charges of ${amount} dollars on the ${ordinal(rng.int(1, 28))}. The second one is a duplicate.`),
      U('So can you refund it?'),
      A(`Yes. I've issued a refund of ${amount} dollars, reference ${ticket}. It will show on your account within three to five business days.`),
      U('Great, thank you.'),
    );
  } else {
    turns.push(
      A(rng.pick(['I ran a line test and I can see some errors on your connection.', "I've run a line test: the line itself looks fine, so it may be the router."])),
      A('Could you please unplug the router, wait thirty seconds, and plug it back in?'),
      U(rng.pick(['Okay, give me a second.', 'Alright, doing it now.'])),
      U(fixed ? 'Okay, the light is green again.' : "It's back on, but the light is still red."),
    );
    if (fixed) {
      turns.push(
        A(`Your connection is up and stable now, I'm measuring ${rng.int(280, 940)} megabits per second download. I'll keep an eye on the line for the next 24 hours.`),
        U('Perfect, thanks for the help.'),
      );
    } else {
      turns.push(
        A(`Thanks for trying. I've booked a technician visit for ${sayDate(visit, 'en')} between 8 AM and 12 PM, ticket number ${ticket}. You'll get a text reminder the day before.`),
        U(rng.pick(["Okay, someone will be home. Thanks.", 'Can it be earlier? I work from home.'])),
      );
      if (turns.at(-1)?.text.startsWith('Can it')) {
        turns.push(A("That's the first available slot, but I've put you on the cancellation list, so we'll call if something opens up."), U('Alright, thanks.'));
      }
    }
  }
  turns.push(A(`Is there anything else I can help you with?`), U('No, that was it.'), A(`Thanks for calling ${c.company}. Goodbye!`));
  return {
    turns,
    variables: {
      customer_name: `${p.firstName} ${p.lastName}`,
      account_number: account,
      issue_category: problem,
      resolved: problem === 'billing' || fixed,
      ...(problem === 'billing' || !fixed ? { ticket_id: ticket } : {}),
    },
    successful: problem === 'billing' || fixed,
    summary:
      problem === 'billing'
        ? `Duplicate charge refunded (${ticket}).`
        : fixed
          ? `Connection issue (${problem.replace('_', ' ')}) fixed by a router restart.`
          : `Connection issue (${problem.replace('_', ' ')}) not fixed; technician visit on ${isoDate(visit)} (${ticket}).`,
    sentiment: problem === 'billing' || fixed ? 'positive' : 'negative',
  };
}

function voicemail(rng: Rng, c: ConversationInput): Conversation {
  const { person: p } = c;
  const greeting = rng.pick([
    `Hi, you've reached ${p.firstName} ${p.lastName}. I can't take your call right now, please leave a message after the tone.`,
    `Hey, it's ${p.firstName}. Leave me a message and I'll get back to you.`,
    'The person you are calling is not available. Please leave a message after the tone.',
  ]);
  const callback = c.clientPhone.startsWith('+1') ? 'this number' : 'the number we called from';
  return {
    turns: [
      U(greeting),
      A(`Hi ${p.firstName}, this is ${c.agent} from ${c.company}. I was calling about your recent enquiry. Please call us back at ${callback} at your convenience. Thank you, and have a great day!`),
    ],
    variables: { customer_name: `${p.firstName} ${p.lastName}`, voicemail: true },
    successful: false,
    summary: `Reached voicemail of ${p.firstName} ${p.lastName}; left a call-back message.`,
    sentiment: 'neutral',
  };
}

export function conversation(rng: Rng, input: ConversationInput): Conversation {
  switch (input.scenario) {
    case 'appointment':
      return input.language === 'de' ? appointmentDe(rng, input) : appointmentEn(rng, input);
    case 'order_status':
      return orderStatus(rng, input);
    case 'lead_qualification':
      return leadQualification(rng, input);
    case 'support':
      return support(rng, input);
    case 'voicemail':
      return voicemail(rng, input);
  }
}

/** Laravel's "Y-m-d H:i:s" in UTC, as the calls' own timestamps. */
export function laravelTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Seconds a turn takes to say: about 2.6 words a second, plus the pause before it. */
function turnSeconds(rng: Rng, text: string): number {
  const words = text.split(/\s+/).length;
  return words / 2.6 + 0.4 + rng.next() * 1.2;
}

/** When each turn starts, in seconds after the call was answered, and the seconds the call lasts (a short tail for the hang-up). */
export function timeTurns(rng: Rng, turns: readonly Turn[]): { offsets: number[]; seconds: number } {
  let t = 0.5 + rng.next();
  const offsets: number[] = [];
  for (const turn of turns) {
    offsets.push(t);
    t += turnSeconds(rng, turn.text);
  }
  return { offsets, seconds: Math.max(1, Math.round(t + 1 + rng.next() * 2)) };
}

/** The turns as transcript lines stamped with wall-clock times from `answeredAt` (epoch ms). */
export function transcriptLines(turns: readonly Turn[], offsets: readonly number[], answeredAt: number): TranscriptLine[] {
  return turns.map((turn, i) => ({
    sender: turn.sender,
    text: turn.text,
    timestamp: laravelTime(answeredAt + (offsets[i] ?? 0) * 1000),
  }));
}
