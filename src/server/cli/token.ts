import { loadConfig } from '../config';
import { issueToken } from '../auth/tokens';
import { DataDirLockedError } from '../db/lock';
import { openConfiguredDatabase } from './open';

/** `npm run token -- EMAIL`: prints a new API token for that user, making the user if needed. */
async function main() {
  const email = process.argv[2];
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    console.error('Usage: npm run token -- you@example.com');
    process.exit(2);
  }
  const handle = await openConfiguredDatabase(loadConfig());
  try {
    const { token } = await issueToken(handle.db, email);
    console.log(`API token for ${email.toLowerCase()}: ${token}`);
  } finally {
    await handle.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirLockedError ? e.message : e);
  process.exit(e instanceof DataDirLockedError ? 2 : 1);
});
