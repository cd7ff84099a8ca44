import * as z from './zod-mini';

/*
 * Building blocks of the routes' search schemas. Written with zod/mini because validateSearch stays in
 * the entry chunk (the router needs it to match a URL), which the sign-in page loads: full zod there
 * costs about 25 kB gzip. Every field falls back (`catch`) instead of failing, so a stale or hand-edited
 * link opens the page with what still makes sense.
 */

/** A whole number from the URL (`?page=2` arrives as a number, a hand-typed `?page=x` as a string). */
const wholeNumber = () => z.coerce.number().check(z.refine(Number.isInteger));

/** `page`: 1 or more, default 1. */
export const pageParam = () => z.catch(z._default(wholeNumber().check(z.gte(1)), 1), 1);

/** `per_page` limited to the page's choices. */
export function perPageParam<const T extends readonly [number, ...number[]]>(choices: T, fallback: T[number]) {
  return z.catch(z._default(z.pipe(z.coerce.number(), z.literal(choices)), fallback), fallback);
}

/** An optional positive id (assistant, campaign); anything else is dropped. */
export const optionalIdParam = () => z.catch(z.optional(wholeNumber().check(z.gt(0))), undefined);

/** One of a list, with a default. */
export function oneOfParam<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.catch(z._default(z.enum(values), fallback), fallback);
}

/** One of a list, or absent. */
export function optionalOneOfParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

/** A path's numeric id (`/calls/$callId`): a positive whole number. */
export const idParam = () => wholeNumber().check(z.gt(0));
