import { z } from 'zod';
import { idish, lenientList, lenientRecord, numberish, openString, textish } from './common';
import { laxInt } from './request-fields';
import { httpUrl } from './validation';

export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const TOOL_PARAM_TYPES = ['string', 'number', 'boolean'] as const;
export const TOOL_LIMITS = {
  maxPerUser: 5,
  nameMax: 64,
  descriptionMax: 255,
  timeoutMin: 1,
  timeoutMax: 30,
  timeoutDefault: 10,
  paramNameMin: 2,
  paramNameMax: 32,
} as const;
export const TOOL_NAME_PATTERN = /^[a-z][a-z_]*$/;
export const TOOL_NAME_RULE = 'Only lowercase letters and underscores, starting with a letter.';
export const TOOL_PLAN_LIMIT_MESSAGE = `You have reached your plan limit of ${TOOL_LIMITS.maxPerUser} mid call tools. Please upgrade your plan to create more.`;

// ---- records, parsed leniently by the console ----
export const toolHeaderSchema = lenientRecord({ name: openString, value: openString });
export const toolParamSchema = lenientRecord({ name: openString, type: openString, description: openString });

export const toolSchema = lenientRecord({
  id: idish,
  name: openString,
  description: openString,
  endpoint: openString,
  method: openString,
  timeout: numberish,
  headers: lenientList(toolHeaderSchema),
  schema: lenientList(toolParamSchema),
  created_at: textish,
  updated_at: textish,
});
export type Tool = z.output<typeof toolSchema>;

/** Create and update answer `{message, data: tool}`: the tool is required, the message is not. */
export const toolMutationResponseSchema = lenientRecord({ message: openString, data: toolSchema }, ['data']);

// ---- requests, validated strictly by the service and by the console's form ----
export const toolHeaderInput = z.object({
  name: z.string().trim().min(1).max(255),
  value: z.string().max(4096),
});
export const toolParamInput = z.object({
  name: z.string().trim().min(TOOL_LIMITS.paramNameMin).max(TOOL_LIMITS.paramNameMax),
  type: z.enum(TOOL_PARAM_TYPES),
  description: z.string().max(TOOL_LIMITS.descriptionMax).default(''),
});

const toolFields = {
  name: z.string().max(TOOL_LIMITS.nameMax).regex(TOOL_NAME_PATTERN),
  description: z.string().trim().min(1).max(TOOL_LIMITS.descriptionMax),
  endpoint: httpUrl.max(2048),
  method: z.enum(TOOL_METHODS),
  timeout: laxInt(z.number().int().min(TOOL_LIMITS.timeoutMin).max(TOOL_LIMITS.timeoutMax)),
  headers: z.array(toolHeaderInput).max(50),
  schema: z.array(toolParamInput).max(50),
};

export const createToolRequest = z.object({
  ...toolFields,
  timeout: toolFields.timeout.default(TOOL_LIMITS.timeoutDefault),
  headers: toolFields.headers.default([]),
  schema: toolFields.schema.default([]),
});
export type CreateToolRequest = z.input<typeof createToolRequest>;

export const updateToolRequest = z.object({
  name: toolFields.name.optional(),
  description: toolFields.description.optional(),
  endpoint: toolFields.endpoint.optional(),
  method: toolFields.method.optional(),
  timeout: toolFields.timeout.optional(),
  headers: toolFields.headers.optional(),
  schema: toolFields.schema.optional(),
});
export type UpdateToolRequest = z.input<typeof updateToolRequest>;
