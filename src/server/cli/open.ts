import { acquireDataDirLock } from '../db/lock';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import type { ServiceConfig } from '../config';

/** Opens the configured database; the embedded one under the data-dir lock, released on close. */
export async function openConfiguredDatabase(config: ServiceConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl });
  const release = acquireDataDirLock(config.dataDir);
  try {
    const handle = await openDatabase({ dataDir: config.dataDir, sharedBuffers: config.pgliteSharedBuffers });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
