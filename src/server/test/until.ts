/*
 * The wait of the tests that watch a live call from outside (sockets, stand-ins, the calls table): what they
 * wait for happens on other timers, so they poll for it, with a deadline that names what never came.
 */

/** A value that is not there yet: the probe is asked again. */
type NotYet = undefined | null | false;

/** Asks `probe` every `everyMs` until it gives a value, which it returns; after `timeoutMs`, an error naming `what`. */
export async function until<T>(what: string, probe: () => Promise<T | NotYet> | T | NotYet, timeoutMs = 8000, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
