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
