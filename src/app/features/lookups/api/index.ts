export { lookupKeys, LOOKUP_STALE_TIME } from '@/api/query-keys';
export { getPhoneNumbers, phoneNumbersQuery, usePhoneNumbers, type PhoneNumberType } from './get-phone-numbers';
export { getVoices, voicesQuery, useVoices } from './get-voices';
export { getModels, modelsQuery, useModels } from './get-models';
export { getLanguages, languagesQuery, useLanguages } from './get-languages';
