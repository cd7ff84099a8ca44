import { describe, expect, it } from 'vitest';
import { describeFilter } from './describe-filter';

describe('describeFilter', () => {
  it('names every active filter, with assistant and campaign names when known', () => {
    expect(
      describeFilter(
        { status: 'no-answer', type: 'outbound', phone: '+49 30 1234567', assistant_id: 3, campaign_id: 9, date_from: '2025-05-01', date_to: '2025-05-31' },
        [{ id: 3, name: 'Anna' }],
        [],
      ),
    ).toEqual(['Status: No answer', 'Type: Outbound', 'Phone: +49 30 1234567', 'Assistant: Anna', 'Campaign: #9', 'From May 1, 2025 to May 31, 2025']);
  });

  it('says nothing without filters and handles open ranges', () => {
    expect(describeFilter({ phone: '' })).toEqual([]);
    expect(describeFilter({ phone: '', date_from: '2025-05-01' })).toEqual(['From May 1, 2025']);
    expect(describeFilter({ phone: '', date_to: '2025-05-01' })).toEqual(['Until May 1, 2025']);
    expect(describeFilter({ phone: '', date_from: '2025-05-01', date_to: '2025-05-01' })).toEqual(['On May 1, 2025']);
    expect(describeFilter({ phone: '', latency_p95_min: 1500 })).toEqual(['Model p95 at least 1,500 ms']);
  });
});
