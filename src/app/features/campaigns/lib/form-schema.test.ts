import { afterEach, describe, expect, it } from 'vitest';
import { laravelErrorMap } from '@contract/validation';
import { setLocale } from '@/paraglide/runtime.js';
import {
  campaignErrorMap,
  campaignErrorPath,
  campaignFormDefaults,
  campaignFormSchema,
  minutesOf,
  toCreateCampaignRequest,
  type CampaignFormValues,
} from './form-schema';

const valid: CampaignFormValues = { ...campaignFormDefaults, name: 'Spring', assistant_id: 7 };

/** Field -> first message, as the form shows them. */
function errorsOf(values: CampaignFormValues, error = laravelErrorMap): Record<string, string> {
  const result = campaignFormSchema.safeParse(values, { error });
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('campaign form', () => {
  it('the defaults with a name and an assistant make a request within the bounds', () => {
    const parsed = campaignFormSchema.parse(valid);
    expect(toCreateCampaignRequest(parsed)).toEqual({
      name: 'Spring',
      assistant_id: 7,
      max_calls_in_parallel: 3,
      allowed_hours_start_time: '09:00',
      allowed_hours_end_time: '17:00',
      allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      max_retries: 3,
      retry_interval: 60,
      phone_number_ids: [],
    });
    // A chosen time zone goes along; none means the assistant's.
    expect(toCreateCampaignRequest(campaignFormSchema.parse({ ...valid, timezone: 'Europe/Berlin' })).timezone).toBe('Europe/Berlin');
  });

  it("refuses what the service refuses, in the service's words", () => {
    expect(errorsOf({ ...campaignFormDefaults })).toMatchObject({
      name: expect.stringContaining('required') as string,
      assistant_id: 'The assistant id field is required.',
    });
    const errors = errorsOf({ ...valid, max_calls_in_parallel: 11, max_retries: 0, retry_interval: 4321, allowed_days: [] });
    expect(errors.max_calls_in_parallel).toMatch(/not be greater than 10/);
    expect(errors.max_retries).toMatch(/at least 1/);
    expect(errors.retry_interval).toMatch(/not be greater than 4320/);
    expect(errors.allowed_days).toBe('Choose at least one day.');
    // An emptied number input is "required", not "must be a number".
    expect(errorsOf({ ...valid, max_retries: '' }).max_retries).toMatch(/required/);
  });

  it('the end of the allowed hours must come after the start, however the hours are written', () => {
    expect(minutesOf('9:00')).toBe(minutesOf('09:00'));
    expect(errorsOf({ ...valid, allowed_hours_start_time: '18:00', allowed_hours_end_time: '09:00' }).allowed_hours_end_time).toBe(
      'The allowed hours end time field must be a time after allowed hours start time.',
    );
    expect(errorsOf({ ...valid, allowed_hours_start_time: '9:00', allowed_hours_end_time: '10:00' })).toEqual({});
    expect(errorsOf({ ...valid, allowed_hours_start_time: '25:00' }).allowed_hours_start_time).toBeDefined();
  });

  it("the service's item keys land on their whole field", () => {
    expect(campaignErrorPath('phone_number_ids.2')).toBe('phone_number_ids');
    expect(campaignErrorPath('allowed_days.0')).toBe('allowed_days');
    expect(campaignErrorPath('name')).toBe('name');
  });

  describe("the form's own words", () => {
    afterEach(() => void setLocale('en', { reload: false }));
    const wrong: CampaignFormValues[] = [
      { ...campaignFormDefaults },
      { ...valid, name: 'x'.repeat(300), max_calls_in_parallel: 11, max_retries: 0, retry_interval: 4321, allowed_days: [] },
      { ...valid, max_retries: '', retry_interval: 2.5, allowed_hours_start_time: '25:00', phone_number_ids: Array.from({ length: 51 }, (_, i) => i) },
      { ...valid, allowed_hours_start_time: '18:00', allowed_hours_end_time: '09:00' },
    ];

    it("in English they are the service's (Laravel's) words", () => {
      for (const values of wrong) expect(errorsOf(values, campaignErrorMap)).toEqual(errorsOf(values));
    });

    it('in German every message is German', () => {
      void setLocale('de', { reload: false });
      // The first case that trips a field names it.
      const errors = Object.assign({}, ...wrong.map((v) => errorsOf(v, campaignErrorMap)).reverse()) as Record<string, string>;
      expect(errors).toMatchObject({
        name: 'Das Feld „Name“ ist erforderlich.',
        assistant_id: 'Das Feld „Ausgehender Assistent“ ist erforderlich.',
        max_calls_in_parallel: 'Das Feld „Parallele Anrufe“ darf höchstens 10 sein.',
        retry_interval: 'Das Feld „Minuten zwischen den Versuchen“ darf höchstens 4320 sein.',
        allowed_days: 'Wählen Sie mindestens einen Tag.',
        allowed_hours_end_time: 'Das Ende der erlaubten Uhrzeiten muss nach ihrem Beginn liegen.',
      });
      for (const message of Object.values(errors)) expect(message).not.toMatch(/\bThe\b|field/);
    });
  });
});
