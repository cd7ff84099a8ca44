import { Switch } from '@mantine/core';
import { m } from '@/i18n';
import { notifyError } from '@/lib/notify';
import { useSetAiEnabled } from '../api/set-ai-enabled';

/**
 * AI replies on or off for one conversation (disable-ai / enable-ai): off, a person has it and messages
 * get no reply. The word beside the switch says which, not only its position.
 */
export function AiSwitch({ id, enabled, ariaLabel, showLabel = true }: { id: string; enabled: boolean; ariaLabel: string; showLabel?: boolean }) {
  const change = useSetAiEnabled();
  const shown = change.isPending && change.variables ? change.variables.enabled : enabled;
  return (
    <Switch
      checked={shown}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        change.mutate({ id, enabled: next }, { onError: (e) => notifyError(e, next ? m.conversations_ai_enable_failed() : m.conversations_ai_disable_failed()) });
      }}
      disabled={change.isPending}
      aria-label={ariaLabel}
      label={showLabel ? (shown ? m.common_on() : m.common_off()) : undefined}
      size="sm"
      data-testid="ai-switch"
    />
  );
}
