import type { Transaction } from 'kysely';
import type { GroupColor } from '../../contract';
import type { Database } from '../db/schema';
import { setAssistantLabels } from '../folders/assistant-groups';
import { createGroup } from '../folders/write';

/* The demo's folders and labels, each in use: assistants sorted into two folders and tagged with three labels. */

export const DEMO_FOLDERS: { name: string; color: GroupColor; assistants: string[] }[] = [
  { name: 'Bright Smile Dental', color: 'teal', assistants: ['dental_reception', 'recall'] },
  { name: 'Customer service', color: 'blue', assistants: ['order_support', 'fibernet'] },
];

export const DEMO_LABELS: { name: string; color: GroupColor; assistants: string[] }[] = [
  { name: 'Live', color: 'green', assistants: ['dental_reception', 'order_support', 'praxis', 'solar'] },
  { name: 'Books appointments', color: 'purple', assistants: ['dental_reception', 'praxis', 'recall'] },
  { name: 'Needs review', color: 'orange', assistants: ['recall', 'fibernet'] },
];

export async function seedFolders(trx: Transaction<Database>, userId: number, assistants: Map<string, number>, now: Date): Promise<void> {
  const clock = () => now;
  const ids = (keys: string[]) => keys.map((k) => assistants.get(k)).filter((id): id is number => id !== undefined);
  for (const f of DEMO_FOLDERS) {
    const folder = await createGroup(trx, clock, 'folder', userId, { name: f.name, color: f.color });
    const members = ids(f.assistants);
    if (members.length > 0) await trx.updateTable('assistants').set({ folder_id: folder.id }).where('id', 'in', members).execute();
  }
  const labelsOf = new Map<number, number[]>();
  for (const l of DEMO_LABELS) {
    const label = await createGroup(trx, clock, 'label', userId, { name: l.name, color: l.color });
    for (const id of ids(l.assistants)) labelsOf.set(id, [...(labelsOf.get(id) ?? []), label.id]);
  }
  for (const [assistantId, labelIds] of labelsOf) await setAssistantLabels(trx, assistantId, labelIds);
}
