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
