import type { Ref } from 'react';
import { Code, TextInput } from '@mantine/core';
import { m } from '@/i18n';

/** A command, the same in every language. */
const PROXY_EXAMPLE = 'API_UPSTREAM=https://host/api npm start';

/**
 * The URL of another API host, with a word on proxy mode. Most people sign in with "This server", so the
 * form loads this field when "Another host" is chosen (`lazy`), off the sign-in page's first load.
 */
export function CustomHostField({
  inputRef,
  value,
  error,
  onChange,
}: {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      ref={inputRef}
      name="host"
      label={m.auth_host_url_label()}
      placeholder="https://api.example.com/api"
      inputMode="url"
      autoComplete="url"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      description={
        <>
          {m.auth_host_url_proxy_before()} <Code fz="inherit">{PROXY_EXAMPLE}</Code> {m.auth_host_url_proxy_after()}
        </>
      }
    />
  );
}
