import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Button, NativeSelect, PasswordInput, Stack, Switch } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { startSession, type Session } from '@/api/session';
import type { FieldErrors, SignInValues } from '../api/sign-in-values';
import type { SignInField } from '../api/sign-in-failure';
import { useLocalInfo } from '../api/get-local-info';
import { SignInHint } from './sign-in-hint';
import { m } from '@/i18n';

/*
 * The one form of the console without react-hook-form: it is the page every visit starts on and its
 * JavaScript budget is tight (`npm run size`). Four fields, validated with the same kind of zod schema,
 * errors on their fields.
 */

const SignInAlert = lazy(() => import('./sign-in-alert').then((mod) => ({ default: mod.SignInAlert })));
const CustomHostField = lazy(() => import('./sign-in-custom-host').then((mod) => ({ default: mod.CustomHostField })));

const fieldOf = (f: SignInField): keyof FieldErrors => (f === 'root.server' ? 'form' : f);

export function SignInForm({ onSignedIn, expired = false }: { onSignedIn: (session: Session) => void; expired?: boolean }) {
  const localInfo = useLocalInfo();
  const [values, setValues] = useState<SignInValues>({ token: '', hostMode: 'same', host: '', remember: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const tokenRef = useRef<HTMLInputElement>(null);
  const hostRef = useRef<HTMLInputElement>(null);
  const hostModeRef = useRef<HTMLSelectElement>(null);

  const set = <K extends keyof SignInValues>(key: K, value: SignInValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A corrected field loses its error; the form's own message goes with any change.
    setErrors((e) => ({ ...e, [key === 'hostMode' ? 'host' : key]: undefined, form: undefined }));
  };

  const focus = (field: keyof FieldErrors) => {
    if (field === 'token') tokenRef.current?.focus();
    // The host URL field loads when "Another host" is chosen: until it is there, the choice takes the focus.
    if (field === 'host') ((values.hostMode === 'custom' ? hostRef.current : null) ?? hostModeRef.current)?.focus();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    // The check of the values and of the token load with the first submit (they are most of the form's code).
    const code = await Promise.all([import('../api/sign-in-values'), import('../api/verify-token'), import('@/api/errors')]).catch(() => null);
    if (!code) {
      setErrors({ form: m.shell_api_network() });
      setSubmitting(false);
      return;
    }
    const [{ parseSignIn }, { verifyToken }, { errorMessage }] = code;
    const parsed = parseSignIn(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setSubmitting(false);
      focus(parsed.errors.token ? 'token' : 'host');
      return;
    }
    setErrors({});
    // The words for a failure load while the check runs (and only then).
    const failures = import('../api/sign-in-failure').catch(() => null);
    try {
      await verifyToken(parsed.token, parsed.host);
    } catch (err) {
      const words = await failures;
      const failure = words ? words.signInFailure(err, parsed.host) : { field: 'root.server' as const, message: errorMessage(err) };
      setErrors({ [fieldOf(failure.field)]: failure.message });
      setSubmitting(false);
      focus(fieldOf(failure.field));
      return;
    }
    setSubmitting(false);
    onSignedIn(startSession({ token: parsed.token, host: parsed.host, remember: parsed.remember }));
  }

  const hint = localInfo.data?.sign_in_hint;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={m.auth_sign_in()}>
      <Stack gap="md">
        {expired ? (
          <Suspense fallback={null}>
            <SignInAlert tone="warning" title={m.auth_session_ended_title()}>
              {m.auth_session_ended_body()}
            </SignInAlert>
          </Suspense>
        ) : null}

        <PasswordInput
          ref={tokenRef}
          name="token"
          label={m.auth_token_label()}
          description={m.auth_token_description()}
          placeholder={m.auth_token_placeholder()}
          leftSection={<IconKey size={16} aria-hidden />}
          autoComplete="off"
          spellCheck={false}
          required
          value={values.token}
          onChange={(e) => set('token', e.currentTarget.value)}
          error={errors.token}
          // PasswordInput marks its inner input with data-invalid only; screen readers need aria-invalid.
          aria-invalid={errors.token ? true : undefined}
        />

        <NativeSelect
          ref={hostModeRef}
          name="hostMode"
          label={m.auth_host_label()}
          value={values.hostMode}
          onChange={(e) => set('hostMode', e.currentTarget.value === 'custom' ? 'custom' : 'same')}
          data={[
            { value: 'same', label: m.auth_host_same() },
            { value: 'custom', label: m.auth_host_custom() },
          ]}
          description={values.hostMode === 'same' ? m.auth_host_same_description() : undefined}
          error={values.hostMode === 'same' ? errors.host : undefined}
        />

        {values.hostMode === 'custom' ? (
          <Suspense fallback={null}>
            <CustomHostField inputRef={hostRef} value={values.host} error={errors.host} onChange={(v) => set('host', v)} />
          </Suspense>
        ) : null}

        <Switch
          name="remember"
          label={m.auth_remember_label()}
          description={m.auth_remember_description()}
          checked={values.remember}
          onChange={(e) => set('remember', e.currentTarget.checked)}
        />

        {errors.form ? (
          <Suspense fallback={null}>
            <SignInAlert tone="error">{errors.form}</SignInAlert>
          </Suspense>
        ) : null}

        <Button type="submit" loading={submitting} fullWidth size="md">
          {m.auth_sign_in()}
        </Button>

        {hint ? <SignInHint hint={hint} demo={localInfo.data?.demo_data === true} /> : null}
      </Stack>
    </form>
  );
}
