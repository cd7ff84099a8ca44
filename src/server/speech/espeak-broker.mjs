// The process that spawns eSpeak NG for the service (src/server/speech/espeak.ts). Plain JavaScript with no
// imports but Node's: it runs as is from the sources (tsx) and from dist-server/ (copied there by
// scripts/build-server.mjs). Forking the service (PGlite, onnxruntime: ~500 MB) blocks its event loop
// 150–560 ms per spawn; forking this small process costs ~2 ms of its own loop and none of the service's.
// Messages (Node IPC, advanced serialization): {id, path, args, input, timeoutMs, maxBytes} in,
// {id, code, stdout: Buffer, stderr} or {id, error, speech: boolean} out. Requests run concurrently.
import { spawn } from 'node:child_process';

function run({ id, path, args, input, timeoutMs, maxBytes }) {
  let child;
  try {
    child = spawn(path, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (e) {
    send({ id, error: e instanceof Error ? e.message : String(e), speech: false });
    return;
  }
  const chunks = [];
  let size = 0;
  let stderr = '';
  let failure = null;
  let done = false;
  const finish = (message) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    send(message);
  };
  const timer = setTimeout(() => {
    failure = `eSpeak NG took longer than ${timeoutMs} ms`;
    child.kill('SIGKILL');
  }, timeoutMs);
  child.stdout.on('data', (c) => {
    size += c.length;
    if (size > maxBytes) {
      failure = 'eSpeak NG produced more audio than a turn can hold';
      child.kill('SIGKILL');
      return;
    }
    chunks.push(c);
  });
  child.stderr.on('data', (c) => {
    if (stderr.length < 2000) stderr += c.toString('utf8');
  });
  child.on('error', (e) => finish({ id, error: e.message, speech: false }));
  child.on('close', (code) => {
    if (failure) finish({ id, error: failure, speech: true });
    else finish({ id, code, stdout: Buffer.concat(chunks), stderr });
  });
  // A program that exits before reading its input closes the pipe: that is reported by 'close', not here.
  child.stdin.on('error', () => undefined);
  child.stdin.end(input ?? '');
}

function send(message) {
  // The service gone: nothing to tell, and 'disconnect' below ends this process.
  if (process.connected) process.send(message, (e) => e && undefined);
}

process.on('message', run);
// The service exiting closes the channel: no orphan left behind.
process.on('disconnect', () => process.exit(0));
