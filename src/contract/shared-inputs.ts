import { z } from 'zod';

/*
 * Request fields that several resources take the same way: an assistant's, a lead's, a call's and a
 * conversation's variables, a phone number. In their own module so that a schema needing one of them
 * (a call's) does not bring another resource's whole write rules to the console's pages.
 */

/** At most this many variables in one map (ASSISTANT_BOUNDS.variables shows it with the other bounds). */
export const VARIABLES_MAX_KEYS = 100;

export const variableValue = z.union([z.string().max(10000), z.number(), z.boolean(), z.null()]);
export const variablesInput = z
  .record(z.string().trim().min(1).max(255), variableValue)
  .refine((v) => Object.keys(v).length <= VARIABLES_MAX_KEYS, {
    message: `The variables field must not have more than ${VARIABLES_MAX_KEYS} items.`,
  });

export const phoneNumberInput = z.string().trim().min(1).max(32);
