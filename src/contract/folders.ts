import { z } from 'zod';
import { idish, lenientRecord, numberish, openString, textish } from './common';
import { pageQuerySchema, paginatedSchema } from './pagination';
import { PG_INT_MAX } from './request-fields';

/*
 * Folders and labels that sort assistants: an assistant sits in at most one folder (`folder_id`) and
 * carries any number of labels (`label_ids`). Both have the same record and the same requests, as the
 * hosted API's clients send them (`GET/POST /user/folders`, `PUT/DELETE /user/folders/{id}`, the same for
 * `/user/labels`): a name unique per account and a badge colour from a fixed list, or none.
 */

/** The badge colours the hosted API takes (its clients' enum), in their order. */
export const GROUP_COLORS = ['gray', 'slate', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
export type GroupColor = (typeof GROUP_COLORS)[number];

export const GROUP_BOUNDS = { nameMax: 255, defaultPerPage: 15 } as const;

// ---- records, parsed leniently by the console ----

/** A folder or a label. `assistants_count`: the live assistants in it (null when the host leaves it out). */
export const assistantGroupSchema = lenientRecord({
  id: idish,
  name: openString,
  /** One of GROUP_COLORS, or null; a colour the console does not know is shown as gray. */
  color: textish,
  assistants_count: numberish,
  created_at: textish,
  updated_at: textish,
});
export type AssistantGroup = z.output<typeof assistantGroupSchema>;

/** GET /user/folders and /user/labels: Laravel's paginator. */
export const assistantGroupsPageSchema = paginatedSchema(assistantGroupSchema);

/** Create and update answer `{message, data: record}`: the record is required, the message is not. */
export const assistantGroupMutationResponseSchema = lenientRecord({ message: openString, data: assistantGroupSchema }, ['data']);

// ---- requests, validated strictly by the service and by the console's form ----

const groupName = z.string().trim().min(1).max(GROUP_BOUNDS.nameMax);

/** POST /user/folders, /user/labels. Unknown keys are refused, never dropped. */
export const createAssistantGroupRequest = z.strictObject({
  name: groupName,
  color: z.enum(GROUP_COLORS).nullable().optional(),
});
export type CreateAssistantGroupRequest = z.input<typeof createAssistantGroupRequest>;

/** PUT /user/folders/{id}, /user/labels/{id}: only what is sent changes; `color: null` removes the colour. */
export const updateAssistantGroupRequest = z.strictObject({
  name: groupName.optional(),
  color: z.enum(GROUP_COLORS).nullable().optional(),
});
export type UpdateAssistantGroupRequest = z.input<typeof updateAssistantGroupRequest>;

/** What the list endpoints take: Laravel's page and per_page (1-100, default 15, as the hosted clients say). */
export const assistantGroupsQuery = pageQuerySchema(GROUP_BOUNDS.defaultPerPage);

/** The assistant lists' extension filters (`GET /user/assistants/get` and `/user/assistants`): one folder, one label. */
const groupFilter = z.coerce.number().int().min(1).max(PG_INT_MAX).optional();
export const assistantListFilterQuery = z.object({ folder_id: groupFilter, label_id: groupFilter });
/** GET /user/assistants/get: a page (10 by default) of the filtered list. */
export const assistantsPageQuery = pageQuerySchema(10).extend(assistantListFilterQuery.shape);
