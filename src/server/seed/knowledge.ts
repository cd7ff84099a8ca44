import { createKnowledgeDocumentRequest } from '../../contract';
import type { Db } from '../db/connect';
import { createKnowledgebase } from '../knowledge/bases';
import { createDocument } from '../knowledge/documents';
import { checkUpload } from '../knowledge/upload';

/*
 * The demo's knowledge base: Northwind's help centre, two short text files uploaded as the console uploads
 * them (checked, kept with their bytes, `processing`), attached to Northwind Order Support. The knowledge
 * worker reads them into passages on the service's first start, as it reads any upload: nothing here
 * pretends they were processed.
 */

export const DEMO_KNOWLEDGEBASE = 'Northwind Help Centre';

export const DEMO_DOCUMENTS: { fileName: string; name: string; text: string }[] = [
  {
    fileName: 'returns-and-refunds.txt',
    name: 'Returns and refunds',
    text: [
      'Returns and refunds',
      '',
      'Anything bought from Northwind Outfitters can be returned within 30 days of delivery, worn or not, as long as it is clean. Returns are free: print the prepaid label from the order page or ask the assistant to email it.',
      '',
      'Refunds',
      '',
      'The refund goes back to the card used for the order within 5 business days of the parcel reaching our warehouse in Leeds. Gift cards are refunded as store credit.',
      '',
      'Damaged or missing parcels',
      '',
      'A parcel that arrives damaged, or has not arrived 3 days after its delivery date, is replaced at no charge. Open a claim on the call and quote its reference; the customer does not need to send the damaged item back.',
    ].join('\n'),
  },
  {
    fileName: 'shipping-and-delivery.txt',
    name: 'Shipping and delivery',
    text: [
      'Shipping and delivery',
      '',
      'Standard shipping in the UK takes 2 to 4 working days and is free on orders over £50; below that it costs £3.95. Express shipping arrives the next working day when ordered before 2 pm and costs £7.95.',
      '',
      'Tracking',
      '',
      'Every parcel is sent with Royal Mail or DPD. The tracking number is in the dispatch email and on the order page; tracking updates can take 24 hours to appear after dispatch.',
      '',
      'Delays',
      '',
      'When an order is delayed by more than 3 days, offer express shipping on the next order at no charge. Orders to the Scottish Highlands and islands may take 2 extra days.',
    ].join('\n'),
  },
];

/** The knowledge base with its documents queued for the worker, attached to the assistant; returns its id. */
export async function seedKnowledge(db: Db, userId: number, assistantId: number, now: Date): Promise<number> {
  const clock = () => now;
  const base = await createKnowledgebase(db, clock, userId, {
    name: DEMO_KNOWLEDGEBASE,
    description: 'Returns, refunds and shipping: what Northwind Order Support looks up during a call.',
    language: 'english',
  });
  for (const doc of DEMO_DOCUMENTS) {
    const file = new File([doc.text], doc.fileName, { type: 'text/plain' });
    const upload = await checkUpload('txt', file);
    await createDocument(db, clock, userId, base.id, createKnowledgeDocumentRequest.parse({ name: doc.name, type: 'txt' }), upload);
  }
  await db.updateTable('assistants').set({ knowledgebase_id: base.id, knowledgebase_mode: 'function_call' }).where('id', '=', assistantId).execute();
  return base.id;
}
