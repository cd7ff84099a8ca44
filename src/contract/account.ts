import type { z } from 'zod';
import { recordAnswer } from './answers';
import { lenientRecord, numberish, textish } from './common';

/*
 * GET /user/me: who the token belongs to and what is left to spend. A bare object on the hosted
 * service; every field may be missing on some host, and the balance may come as a string.
 */
export const accountSchema = lenientRecord({ name: textish, email: textish, total_balance: numberish });
export type Account = z.output<typeof accountSchema>;

/** The record itself, or wrapped in `{data}` as other endpoints of the hosted service answer. */
export const accountAnswerSchema = recordAnswer(accountSchema);
