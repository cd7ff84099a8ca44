import * as contract from '../index';
import type { ResponseExample } from './response-examples';

/* Full examples of the SIP trunk schemas (src/contract/sip-trunks.ts), as the hosted documentation shows a trunk, for response-schemas.test.ts. */
const ts = '2025-07-14T09:31:12.000000Z';

export const sipTrunkExample = {
  id: 41,
  phone_number: '1000',
  sip_trunk_type: 'extension',
  sip_username: 'pbx-office',
  sip_address: 'sip.carrier.example',
  sip_calling_format: '+e164',
  inbound_authorization_type: 'ip',
  allowed_inbound_ips: ['203.0.113.7', '198.51.100.0/24'],
  outbound_proxy: false,
  country_code: 'DE',
  created_at: ts,
  updated_at: ts,
};

export const sipTrunkDetailExample = { ...sipTrunkExample, inbound_trunk_id: 'ST_q8Lx2mVb9TzA', outbound_trunk_id: 'ST_Wm3nR7kPd2Hc' };

export const SIP_EXAMPLES: readonly ResponseExample[] = [
  { covers: ['sipTrunkSchema'], label: 'sipTrunkSchema', schema: contract.sipTrunkSchema, example: sipTrunkExample, idPath: ['id'], required: ['id'] },
  { covers: ['sipTrunkDetailSchema'], label: 'sipTrunkDetailSchema', schema: contract.sipTrunkDetailSchema, example: sipTrunkDetailExample, idPath: ['id'], required: ['id'] },
  {
    covers: ['sipTrunkSavedResponse'],
    label: 'sipTrunkSavedResponse',
    schema: contract.sipTrunkSavedResponse,
    example: { message: 'SIP trunk updated successfully.', data: sipTrunkDetailExample },
    idPath: ['data', 'id'],
    required: ['data', 'data.id'],
  },
  {
    covers: ['listAnswer'],
    label: 'SIP trunks ({data: [...]}, unreadable items left out)',
    schema: contract.listAnswer(contract.sipTrunkSchema, { dropUnreadable: true }),
    example: { data: [sipTrunkExample] },
    required: ['data'],
  },
  { covers: ['sipInfoSchema'], label: 'sipInfoSchema', schema: contract.sipInfoSchema, example: { address: 'sip.example.com', port: 5060, enabled: true }, required: [] },
];
