import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_S } from '../../contract/webhooks';
import { guardedLookup, isPrivateAddress, literalAddress, PrivateAddressError } from '../outgoing/address-guard';
import { afterAttempt, MAX_ATTEMPTS } from './dispatcher';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (a) => {
    expect(isPrivateAddress(a)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '[2606:4700:4700::1111]'])('lets %s through', (a) => {
    expect(isPrivateAddress(a)).toBe(false);
  });

  it('every 10.x, 127.x and 192.168.x address is refused', () => {
    fc.assert(
      fc.property(fc.constantFrom('10', '127', '192.168'), fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 }), (prefix, rest) => {
        const parts = [...prefix.split('.'), ...rest.map(String)].slice(0, 4);
        expect(isPrivateAddress(parts.join('.'))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('literalAddress', () => {
  it('finds IP literals in URLs, IPv6 without brackets, and nothing for names', () => {
    expect(literalAddress(new URL('http://127.0.0.1:8080/x'))).toBe('127.0.0.1');
    expect(literalAddress(new URL('http://[::1]:8080/x'))).toBe('::1');
    expect(literalAddress(new URL('http://localhost:8080/x'))).toBeNull();
    // WHATWG URL normalises odd IPv4 forms, so they are judged as the address they are.
    expect(literalAddress(new URL('http://2130706433/'))).toBe('127.0.0.1');
    expect(literalAddress(new URL('http://0x7f.1/'))).toBe('127.0.0.1');
  });
});

describe('guardedLookup', () => {
  const look = (host: string, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup(host, all ? { all: true } : {}, (err, address) => resolve({ err, address })),
    );

  it('fails a name that resolves to loopback, in both callback forms', async () => {
    for (const all of [false, true]) {
      const { err } = await look('localhost', all);
      expect(err).toBeInstanceOf(PrivateAddressError);
    }
  });
});

describe('afterAttempt (the retry schedule)', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('retries any non-2xx on the schedule and fails at the sixth attempt; a 2xx delivers at once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 300, max: 599 }), fc.integer({ min: 100, max: 199 }), fc.constant(-1)), { minLength: 1, maxLength: 8 }),
        (codes) => {
          let attempts = 0;
          for (const code of codes) {
            const r = code === -1 ? ({ kind: 'error', error: 'timeout', final: false } as const) : ({ kind: 'answered', statusCode: code, body: '' } as const);
            const next = afterAttempt({ attempts }, r, now);
            attempts = next.attempts;
            if (attempts >= MAX_ATTEMPTS) {
              expect(next.status).toBe('failed');
              expect(next.next_attempt_at).toBeNull();
              return;
            }
            expect(next.status).toBe('pending');
            const wait = WEBHOOK_RETRY_SCHEDULE_S[attempts - 1]!;
            expect(new Date(`${next.next_attempt_at!}Z`).getTime() - now.getTime()).toBe(wait * 1000);
          }
          const ok = afterAttempt({ attempts }, { kind: 'answered', statusCode: 204, body: '' }, now);
          expect(ok).toMatchObject({ status: 'delivered', attempts: attempts + 1, next_attempt_at: null, last_error: null });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a refused address fails at once', () => {
    expect(afterAttempt({ attempts: 0 }, { kind: 'error', error: 'refused: private address', final: true }, now)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
