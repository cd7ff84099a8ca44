import { z } from 'zod';
import { createAssistantGroupRequest, GROUP_COLORS, type GroupColor } from '@contract/folders';

/** The manager's form of a folder or label: the contract's name rule, and a colour or none. */
export const groupFormSchema = z.object({
  name: createAssistantGroupRequest.shape.name,
  color: z.enum(GROUP_COLORS).nullable(),
});
export type GroupFormValues = { name: string; color: GroupColor | null };
export type GroupFormOutput = z.output<typeof groupFormSchema>;

export const emptyGroupForm = (): GroupFormValues => ({ name: '', color: null });
