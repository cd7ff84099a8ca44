import { Hono } from 'hono';
import { WavSynth } from '../audio/wav';
import { callOfRecording } from '../calls/recordings';
import type { AppEnv, Deps } from '../http/context';

const RECORDING_NOT_FOUND = 'Recording not found';
const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.wav$/i;

/** A few recent recordings' timelines, since a browser's <audio> asks for many ranges of one file. */
const cache = new Map<string, WavSynth>();
const CACHE_SIZE = 16;

function synthFor(key: string, duration: number): WavSynth {
  const id = `${key}:${duration}`;
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const synth = new WavSynth(key, duration);
  cache.set(id, synth);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return synth;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range of the Range header, end exclusive; null when absent, malformed or multiple (answered whole). */
export function parseRange(header: string | undefined, length: number): ByteRange {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, length - suffix), end: length };
  }
  const start = Number(a);
  const last = b === '' ? length - 1 : Math.min(Number(b), length - 1);
  if (b !== '' && Number(b) < start) return null;
  if (start >= length) return 'unsatisfiable';
  return { start, end: last + 1 };
}

/**
 * GET /api/recordings/{key}.wav: public (an <audio> element sends no bearer token); the unguessable
 * key stands in for one. The audio is synthesized for the call's duration, with Range support.
 */
export function recordingRoutes({ db }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/recordings/:file', async (c) => {
    const m = FILE.exec(c.req.param('file'));
    const key = m?.[1]?.toLowerCase();
    if (!key) return c.json({ message: RECORDING_NOT_FOUND }, 404);
    const call = await callOfRecording(db, key);
    if (!call) return c.json({ message: RECORDING_NOT_FOUND }, 404);

    const synth = synthFor(key, call.duration);
    const length = synth.byteLength;
    const etag = `"${key}-${call.duration}"`;
    const headers: Record<string, string> = {
      'Content-Type': 'audio/wav',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'public, max-age=86400',
      ETag: etag,
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);

    // If-Range with another validator: the client's copy is stale, so it gets the whole file.
    const ifRange = c.req.header('if-range');
    const range = ifRange && ifRange !== etag ? null : parseRange(c.req.header('range'), length);
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${length}` });
    }
    if (range) {
      return c.body(synth.stream(range.start, range.end), 206, {
        ...headers,
        'Content-Length': String(range.end - range.start),
        'Content-Range': `bytes ${range.start}-${range.end - 1}/${length}`,
      });
    }
    return c.body(synth.stream(), 200, { ...headers, 'Content-Length': String(length) });
  });

  return r;
}
