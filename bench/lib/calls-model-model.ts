import { startStandInModel } from '../../src/server/test/stand-ins/model';

/*
 * The stand-in model of `npm run bench:calls-model`, in a process of its own (so the CPU the benchmark
 * measures is the service's): every answer (assistant, customer, post-call reading) takes MODEL_MS.
 * Tells the parent its URL, and on request how many chat requests it has answered.
 */
const delayMs = Number(process.env.MODEL_MS ?? 200);
const stand = await startStandInModel({ fallback: { text: 'Of course, I can help you with that. Is there anything else?', delayMs }, roleDelayMs: delayMs });
process.send?.({ url: stand.baseUrl });
process.on('message', (m: { count?: boolean; stop?: boolean }) => {
  if (m.count) process.send?.({ requests: stand.requests.length });
  if (m.stop) void stand.close().then(() => process.exit(0));
});
