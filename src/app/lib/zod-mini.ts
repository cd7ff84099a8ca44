import { config } from 'zod/mini';

/*
 * The few zod/mini functions the entry chunk and the sign-in page use, re-exported by name. Importing
 * `* as z from 'zod/mini'` in several chunks makes the bundler keep the whole namespace (every schema
 * type) in the shared chunk; a short list here keeps only these. Add a name when you need one.
 * Pages that load lazily use full zod (and the contract's schemas) as usual.
 */
export {
  _default,
  array,
  boolean,
  catch,
  coerce,
  enum,
  gt,
  gte,
  int,
  literal,
  lte,
  looseObject,
  maxLength,
  minLength,
  nullable,
  nullish,
  number,
  object,
  optional,
  parse,
  pipe,
  refine,
  regex,
  safeParse,
  string,
  superRefine,
  transform,
  trim,
  union,
  unknown,
} from 'zod/mini';
export type { infer, input, output } from 'zod/mini';

// zod compiles object parsers with `new Function` when it may; its probe for that is itself a violation of
// the console's Content-Security-Policy (no 'unsafe-eval'). The sign-in form's schemas are zod's first use
// on that page, so jitless is set here (i18n/zod-errors.ts sets it for the console; the config is global).
config({ jitless: true });
