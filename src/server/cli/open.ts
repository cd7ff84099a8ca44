import { acquireDataDirLock } from '../db/lock';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import type { ServiceConfig } from '../config';

/**
 * Opens the configured database; the embedded one under the data-dir lock, released on close.
 * `release` is a lock the caller took already (cli/start.ts takes it before it listens).
 */
export async function openConfiguredDatabase(config: ServiceConfig, release?: () => void): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
  const unlock = release ?? acquireDataDirLock(config.dataDir);
  try {
    const handle = await openDatabase({ dataDir: config.dataDir, sharedBuffers: config.pgliteSharedBuffers });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
