import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Stops the end-to-end server and removes its data directory. */
export default async function globalTeardown(): Promise<void> {
  const stateFile = join(tmpdir(), 'riskatlas-e2e-server.json');
  const { pid, dataDir } = JSON.parse(readFileSync(stateFile, 'utf8')) as { pid: number; dataDir: string };
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  for (let i = 0; i < 100; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
}
