import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/api/errors';
import { m } from '@/i18n';
import type { ToolChoices } from '@/features/assistants/components/sections/tools-section';
import { toolsQuery } from '@/features/tools/api/get-tools';

/*
 * The assistant pages compose two features here: the assistant form's tool picker is fed by the tools
 * feature's list. (The leading "-" keeps this file out of the route tree.)
 */

/** The user's tools for the picker; refreshed when the person comes back from creating one in another tab. */
export function useToolChoices(): ToolChoices {
  const tools = useQuery({ ...toolsQuery(), refetchOnWindowFocus: 'always' });
  return {
    tools: tools.data,
    loading: tools.isPending,
    error: tools.isError ? m.assistants_tools_load_error({ error: errorMessage(tools.error) }) : null,
  };
}
