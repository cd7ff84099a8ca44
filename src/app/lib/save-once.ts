import { useRef, type FormEvent } from 'react';

/**
 * A form's submit handler that sends one save at a time: a second Enter or click while one is in flight
 * sends nothing. `submit` is the form's handler (react-hook-form's `handleSubmit(...)`).
 */
export function useSubmitOnce(submit: (e: FormEvent<HTMLFormElement>) => Promise<void>) {
  const inFlight = useRef(false);
  return (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void submit(e).finally(() => {
      inFlight.current = false;
    });
  };
}

/**
 * A form's save, one at a time, that remembers it went through: `save(send, done, fail)` sends unless a
 * save is running, marks the form saved (leaving then asks nothing) before `done` moves on, or hands the
 * refusal to `fail`. `unsaved(isDirty)` is what the unsaved-changes guard asks.
 */
export function useSaveOnce() {
  const saved = useRef(false);
  const inFlight = useRef(false);
  async function save<R>(send: () => Promise<R>, done: (result: R) => void, fail: (error: unknown) => void) {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const result = await send();
      saved.current = true;
      done(result);
    } catch (error) {
      fail(error);
    } finally {
      inFlight.current = false;
    }
  }
  return { save, unsaved: (isDirty: boolean) => isDirty && !saved.current };
}
