import { z } from 'zod';
import { wireHintOf } from '../../contract';
import type { JsonSchema } from './schemas';

/*
 * A response record as the local service sends it, from the contract's lenient parser of it. The parser's
 * fields are transforms that take any value (the console must survive a drifting host), so zod's own JSON
 * Schema output can only say "any" for them; but every field is built from a handful of helpers
 * (contract/common.ts) that carry a wire hint: the JSON type the value has on the wire. This walks a record
 * with those hints into a closed JSON Schema (`additionalProperties: false`; required = the fields the
 * contract does not mark optional), so the document names every field, types it, and admits no other.
 * Where the local service sends a narrower or different type than the helper reads (the spec's numeric
 * strings, 0/1 flags), `refine` below says so per field; the response check of the test suite
 * (validate-response.ts) keeps both honest.
 */

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.type)) return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** The wire JSON Schema of one contract schema (a record, a field, a list). */
export function wireSchema(schema: z.ZodType): JsonSchema {
  const hint = wireHintOf(schema);
  if (hint) {
    if ('type' in hint) return hint.nullable ? { type: [hint.type, 'null'] } : { type: hint.type };
    if ('list' in hint) return { type: 'array', items: wireSchema(hint.list) };
    if ('nested' in hint) return orNull(wireSchema(hint.nested));
    return wireSchema(hint.field);
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const properties: Record<string, JsonSchema> = {};
      for (const [key, field] of Object.entries(shape)) properties[key] = wireSchema(field);
      const required = Object.keys(shape).filter((key) => defOf(shape[key]!).type !== 'optional');
      return { type: 'object', properties, required, additionalProperties: false };
    }
    case 'optional':
      return wireSchema(def.innerType!);
    case 'nullable':
      return orNull(wireSchema(def.innerType!));
    // A transform after a hinted or plain schema: what arrives is what goes in.
    case 'pipe':
      return wireSchema(def.in!);
    case 'array':
      return { type: 'array', items: wireSchema(def.element!) };
    case 'union':
      return { anyOf: (def.options ?? []).map(wireSchema) };
    case 'unknown':
    case 'any':
      return {};
    default: {
      const out: JsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
      delete out.$schema;
      return out;
    }
  }
}

/**
 * Where the service's mappers send a type the helper does not say, by dotted path in the record (`[]` for
 * a list's items). Each replaces the field's schema; a path that is not in the record throws, so a renamed
 * field cannot leave a stale refinement behind.
 */
export type Refinements = Record<string, JsonSchema>;

export function refine(record: JsonSchema, refinements: Refinements, optional: readonly string[] = []): JsonSchema {
  const out = structuredClone(record);
  const required = (out.required ?? []) as string[];
  for (const key of optional) {
    if (!required.includes(key)) throw new Error(`wire refinement: "${key}" is not a required field`);
  }
  out.required = required.filter((key) => !optional.includes(key));
  for (const [path, schema] of Object.entries(refinements)) {
    const parts = path.split('.');
    let node: JsonSchema = out;
    for (const [i, part] of parts.entries()) {
      const list = part.endsWith('[]');
      const key = list ? part.slice(0, -2) : part;
      const properties = (unwrapNull(node).properties ?? {}) as Record<string, JsonSchema>;
      if (!(key in properties)) throw new Error(`wire refinement "${path}": no field "${key}"`);
      if (i === parts.length - 1 && !list) {
        properties[key] = schema;
        break;
      }
      node = properties[key]!;
      if (list) {
        const items = unwrapNull(node).items as JsonSchema | undefined;
        if (!items) throw new Error(`wire refinement "${path}": "${key}" is not a list`);
        if (i === parts.length - 1) {
          unwrapNull(node).items = schema;
          break;
        }
        node = items;
      }
    }
  }
  return out;
}

/** A nullable nested record is `anyOf: [record, null]`: refinements reach into the record. */
function unwrapNull(node: JsonSchema): JsonSchema {
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  return anyOf?.find((s) => s.type !== 'null') ?? node;
}
