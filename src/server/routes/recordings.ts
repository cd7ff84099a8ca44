import { Hono, type Context } from 'hono';
import { WavSynth } from '../audio/wav';
import { readRenderedBytes, recordingOfKey, type RecordingOfKey } from '../calls/recordings';
import { queueRecordingIfNone } from '../recordings/queue';
import type { AppEnv, Deps } from '../http/context';

const RECORDING_NOT_FOUND = 'Recording not found';
const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.wav$/i;
/** Bytes read from the database per step of a streamed answer. */
const READ_CHUNK = 256 * 1024;

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

interface AudioFile {
  length: number;
  etag: string;
  cacheControl: string;
  stream(start: number, end: number): ReadableStream<Uint8Array>;
}

/** Answers a file with its validators and the one byte range asked for (200/206/304/416). */
function serveFile(c: Context<AppEnv>, file: AudioFile) {
  const { length, etag } = file;
  const headers: Record<string, string> = {
    'Content-Type': 'audio/wav',
    'Accept-Ranges': 'bytes',
    'Cache-Control': file.cacheControl,
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
    return c.body(file.stream(range.start, range.end), 206, {
      ...headers,
      'Content-Length': String(range.end - range.start),
      'Content-Range': `bytes ${range.start}-${range.end - 1}/${length}`,
    });
  }
  return c.body(file.stream(0, length), 200, { ...headers, 'Content-Length': String(length) });
}

/** The stored rendering, read from the database a chunk at a time as the client takes it. */
function storedFile(deps: Deps, key: string, rec: RecordingOfKey & { rendered: NonNullable<RecordingOfKey['rendered']> }): AudioFile {
  const { generation, byteLength } = rec.rendered;
  return {
    length: byteLength,
    etag: `"${key}-r${generation}"`,
    cacheControl: 'public, max-age=86400',
    stream(start, end) {
      let pos = start;
      return new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          if (pos >= end) {
            controller.close();
            return;
          }
          const next = Math.min(end, pos + READ_CHUNK);
          const bytes = await readRenderedBytes(deps.db, rec.callId, generation, pos, next);
          // Replaced by a newer rendering mid-answer: cut this answer short rather than mix two files.
          if (!bytes || bytes.byteLength !== next - pos) {
            controller.error(new Error('The recording changed while it was read'));
            return;
          }
          controller.enqueue(bytes);
          pos = next;
        },
      });
    },
  };
}

/**
 * The murmur (audio/wav.ts) for the call's duration: when there is no speech, the call has nothing to say,
 * or its rendering is not stored yet. A murmur standing in for a rendering on its way is not cached, so the
 * player gets the speech once it is there.
 */
function murmurFile(key: string, duration: number, temporary: boolean): AudioFile {
  const synth = synthFor(key, duration);
  return {
    length: synth.byteLength,
    etag: `"${key}-${duration}"`,
    cacheControl: temporary ? 'no-store' : 'public, max-age=86400',
    stream: (start, end) => synth.stream(start, end),
  };
}

/**
 * GET /api/recordings/{key}.wav: public (an <audio> element sends no bearer token); the unguessable
 * key stands in for one. The stored rendering of the call's transcript when there is one, else the
 * murmur, with Range support either way. Asking for a speakable call's recording that nothing queued yet
 * (a call from before speech, the seeded history) queues its rendering; it is never rendered here.
 */
export function recordingRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/recordings/:file', async (c) => {
    const m = FILE.exec(c.req.param('file'));
    const key = m?.[1]?.toLowerCase();
    if (!key) return c.json({ message: RECORDING_NOT_FOUND }, 404);
    const rec = await recordingOfKey(deps.db, key);
    if (!rec) return c.json({ message: RECORDING_NOT_FOUND }, 404);
    if (rec.rendered) return serveFile(c, storedFile(deps, key, { ...rec, rendered: rec.rendered }));

    const onItsWay = Boolean(deps.speech) && rec.speakable && (rec.status === null || rec.status === 'pending');
    if (onItsWay && rec.status === null) await queueRecordingIfNone(deps.db, rec.callId);
    return serveFile(c, murmurFile(key, rec.duration, onItsWay));
  });

  return r;
}
