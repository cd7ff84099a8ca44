import { useRef, useState, type FormEvent } from 'react';
import * as z from '../../../lib/zod-mini';
import { Alert, Button, Checkbox, Code, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { startSession, type Session } from '../../../api/session';
import { signInFailure, verifyToken, type SignInField } from '../api/verify-token';
import { useLocalInfo } from '../api/get-local-info';

/*
 * The one form of the console without react-hook-form: it is the page every visit starts on and its
 * JavaScript budget is tight (`npm run size`). Four fields, validated with the same kind of zod schema,
 * errors on their fields.
 */

/** contract/validation's isHttpUrl, without loading that module's full-zod schemas on this page. */
function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export const signInSchema = z
  .object({
    // People paste "Bearer vc_…" from curl examples: the word is not part of the token.
    token: z.pipe(
      z.pipe(
        z.string(),
        z.transform((v) => v.trim().replace(/^Bearer\s+/i, '')),
      ),
      z.string().check(z.minLength(1, 'Enter your API token.'), z.maxLength(4096, 'That is too long for an API token.')),
    ),
    hostMode: z.enum(['same', 'custom']),
    host: z.pipe(
      z.string(),
      z.transform((v) => v.trim().replace(/\/+$/, '')),
    ),
    remember: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.hostMode !== 'custom') return;
      if (v.host === '') ctx.addIssue({ code: 'custom', path: ['host'], message: 'Enter the API host, such as https://api.example.com/api.' });
      else if (!isHttpUrl(v.host)) ctx.addIssue({ code: 'custom', path: ['host'], message: 'The API host must be an http(s) URL, such as https://api.example.com/api.' });
    }),
  );
export type SignInValues = z.input<typeof signInSchema>;
type FieldErrors = Partial<Record<'token' | 'host' | 'form', string>>;

/** Validates the form; on success the values to sign in with (host null = this server). */
export function parseSignIn(values: SignInValues):
  | { ok: true; token: string; host: string | null; remember: boolean }
  | { ok: false; errors: FieldErrors } {
  const result = z.safeParse(signInSchema, values);
  if (result.success) {
    const v = result.data;
    return { ok: true, token: v.token, host: v.hostMode === 'custom' ? v.host : null, remember: v.remember };
  }
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'token' || issue.path[0] === 'host' ? issue.path[0] : 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

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
    if (field === 'host') (values.hostMode === 'custom' ? hostRef.current : hostModeRef.current)?.focus();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    const parsed = parseSignIn(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      focus(parsed.errors.token ? 'token' : 'host');
      return;
    }
    setSubmitting(true);
    setErrors({});
    try {
      await verifyToken(parsed.token, parsed.host);
    } catch (err) {
      const failure = signInFailure(err, parsed.host);
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
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Sign in">
      <Stack gap="md">
        {expired ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Your session ended">
            The API no longer accepts the token this browser had. Sign in again to go back to the page you were on.
          </Alert>
        ) : null}

        <PasswordInput
          ref={tokenRef}
          name="token"
          label="API token"
          description="It stays in this browser and is sent only to the API host."
          placeholder="Paste your API token"
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
          label="API host"
          value={values.hostMode}
          onChange={(e) => set('hostMode', e.currentTarget.value === 'custom' ? 'custom' : 'same')}
          data={[
            { value: 'same', label: 'This server' },
            { value: 'custom', label: 'Another host (URL)' },
          ]}
          description={values.hostMode === 'same' ? 'The API of the service that serves this console.' : undefined}
          error={values.hostMode === 'same' ? errors.host : undefined}
        />

        {values.hostMode === 'custom' ? (
          <TextInput
            ref={hostRef}
            name="host"
            label="API host URL"
            placeholder="https://api.example.com/api"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={values.host}
            onChange={(e) => set('host', e.currentTarget.value)}
            error={errors.host}
            description={
              <>
                A host that refuses cross-origin calls from this page needs proxy mode: start the local service with{' '}
                <Code fz="inherit">API_UPSTREAM=https://host/api npm start</Code> and choose This server.
              </>
            }
          />
        ) : null}

        <Checkbox
          name="remember"
          label="Remember me on this device"
          description="Keeps the session in this browser until you sign out; otherwise it ends when the tab closes."
          checked={values.remember}
          onChange={(e) => set('remember', e.currentTarget.checked)}
        />

        {errors.form ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        ) : null}

        <Button type="submit" loading={submitting} fullWidth size="md">
          Sign in
        </Button>

        {hint ? (
          <Alert
            variant="light"
            color="indigo"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={localInfo.data?.demo_data ? 'Trying the demo?' : 'Where do I get a token?'}
            data-testid="sign-in-hint"
          >
            <Text size="sm">{withCode(hint)}</Text>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

/** The hint marks commands with backticks; show those as code. */
function withCode(text: string) {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part));
}
