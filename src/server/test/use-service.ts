import { afterAll, beforeAll } from 'vitest';
import { startTestService, type StartOptions, type TestService, type TestUser } from './harness';

/*
 * The frame of most service test files, in a module of its own: harness.ts is also loaded by the
 * benchmarks, outside Vitest.
 */

/** What useService hands a test file: the service and two users on it. */
export interface ServiceWithUsers {
  svc: TestService;
  alice: TestUser;
  bob: TestUser;
}

/**
 * Before the file's tests: a test service (with `options`) and two users on it, alice and bob, handed to
 * `ready`, which keeps what the file uses and adds the file's own set-up. After them: the service closed.
 *
 *   let svc: TestService;
 *   let alice: TestUser;
 *   useService((s) => ({ svc, alice } = s));
 */
export function useService(ready: (started: ServiceWithUsers) => unknown, options: StartOptions = {}): void {
  let svc: TestService | undefined;
  beforeAll(async () => {
    svc = await startTestService(options);
    const alice = await svc.user();
    const bob = await svc.user();
    await ready({ svc, alice, bob });
  });
  afterAll(() => svc?.close());
}
