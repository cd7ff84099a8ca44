import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { callSchema } from '@contract/call';
import { buildCsv, csvColumns, csvFileName, csvRow } from './csv';

const call = callSchema.parse({
  id: 17,
  assistant_name: 'Anna',
  campaign_name: null,
  type: 'outbound',
  duration: 125,
  assistant_phone_number: '+4930555000',
  client_phone_number: '+493012345678',
  status: 'completed',
  transcript: 'AI: Hello, "friend"\nUser: Hi, yes',
  variables: [],
  carrier_cost: '0.02000000',
  total_cost: '0.08000000',
  answered_by: 'human',
  recording_url: null,
  created_at: '2025-05-12 14:03:09',
  updated_at: '2025-05-12 14:05:14',
});

describe('csv', () => {
  it('makes one row per call with the table columns and the transcript', () => {
    expect(csvRow(call)).toEqual([
      17,
      '2025-05-12 14:03:09',
      'outbound',
      'completed',
      'Anna',
      '',
      '+493012345678',
      '+4930555000',
      '2:05',
      125,
      'human',
      0.08,
      'Assistant: Hello, "friend"\nCustomer: Hi, yes',
    ]);
  });

  it('round-trips through a CSV parser: header, quotes, commas, new lines', async () => {
    const text = await buildCsv([call, { ...call, id: 18, transcript: [{ sender: 'human', text: 'Line1\nLine2' }] }]);
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual(csvColumns());
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[1]?.[12]).toBe('Assistant: Hello, "friend"\nCustomer: Hi, yes');
    expect(parsed.data[2]?.[12]).toBe('Customer: Line1\nLine2');
    expect(parsed.data[1]?.[6]).toBe('+493012345678');
  });

  it('defuses cells a spreadsheet would run as formulas, but not phone numbers', async () => {
    const text = await buildCsv([{ ...call, assistant_name: '=HYPERLINK("http://x")', campaign_name: '@SUM(A1)' }]);
    const row = Papa.parse<string[]>(text, { skipEmptyLines: true }).data[1];
    expect(row?.[4]).toBe('\'=HYPERLINK("http://x")');
    expect(row?.[5]).toBe("'@SUM(A1)");
    expect(row?.[6]).toBe('+493012345678');
  });

  it('gives the header alone for no calls', async () => {
    const parsed = Papa.parse<string[]>(await buildCsv([]), { skipEmptyLines: true });
    expect(parsed.data).toEqual([csvColumns()]);
  });

  it('names the file after the filter', () => {
    expect(csvFileName('Status: failed, Type: outbound', new Date('2025-05-12T14:03:00Z'))).toBe(
      'calls-status-failed-type-outbound-2025-05-12-14-03.csv',
    );
    expect(csvFileName('', new Date('2025-05-12T14:03:00Z'))).toBe('calls-2025-05-12-14-03.csv');
  });
});
