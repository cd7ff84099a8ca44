import { config, type $ZodErrorMap } from 'zod/v4/core';
import { m } from '@/paraglide/messages.js';
import { formatList, formatNumber } from './format';

/*
 * zod's own words for a failed check, in the reader's language. Installed once in main.tsx before
 * anything renders (`z.config({ customError })`): a schema or check that states its own message
 * ("Enter your API token.") keeps it, since zod asks this map only when none was given. Issues this map
 * does not know fall through to zod's locale (English).
 */

const num = (value: number | bigint) => formatNumber(Number(value));

/** The message for one zod issue, or undefined to let zod's locale speak. */
export const zodErrorMap: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return m.common_validation_required();
      if (issue.expected === 'number' || issue.expected === 'bigint') return m.common_validation_number();
      if (issue.expected === 'int') return m.common_validation_whole_number();
      return m.common_validation_invalid();
    case 'too_small': {
      const { origin, minimum, inclusive, exact } = issue;
      if (origin === 'string') {
        if (exact) return m.common_validation_exact_length({ length: num(minimum) });
        // A required text field: zod says "at least 1 character".
        if (Number(minimum) <= 1 && inclusive !== false) return m.common_validation_required();
        return m.common_validation_too_short({ minimum: num(minimum) });
      }
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        return inclusive === false ? m.common_validation_number_above({ minimum: num(minimum) }) : m.common_validation_number_min({ minimum: num(minimum) });
      }
      if (origin === 'array' || origin === 'set') return m.common_validation_too_few({ minimum: num(minimum) });
      return m.common_validation_invalid();
    }
    case 'too_big': {
      const { origin, maximum, inclusive, exact } = issue;
      if (origin === 'string') {
        if (exact) return m.common_validation_exact_length({ length: num(maximum) });
        return m.common_validation_too_long({ maximum: num(maximum) });
      }
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        return inclusive === false ? m.common_validation_number_below({ maximum: num(maximum) }) : m.common_validation_number_max({ maximum: num(maximum) });
      }
      if (origin === 'array' || origin === 'set') return m.common_validation_too_many({ maximum: num(maximum) });
      return m.common_validation_invalid();
    }
    case 'invalid_format':
      if (issue.format === 'email') return m.common_validation_email();
      if (issue.format === 'url') return m.common_validation_url();
      return m.common_validation_format();
    case 'invalid_value':
      return m.common_validation_choice();
    case 'not_multiple_of':
      return m.common_validation_multiple_of({ divisor: num(issue.divisor) });
    case 'unrecognized_keys':
      return m.common_validation_unknown_keys({ keys: formatList(issue.keys) });
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return m.common_validation_invalid();
    default:
      return undefined;
  }
};

/** Makes zod speak the reader's language; call before the first parse. */
export function installZodErrors(): void {
  // jitless: zod compiles object parsers with `new Function` when it may; its probe for that is itself a
  // violation of the console's Content-Security-Policy (no 'unsafe-eval'). Interpreted parsing avoids both.
  config({ customError: zodErrorMap, jitless: true });
}
