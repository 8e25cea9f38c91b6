import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ProgramRun {
  /** It listened (and was then stopped with SIGTERM). */
  listened: boolean;
  code: number | null;
  /** Its JSON log lines (stdout). */
  lines: Record<string, unknown>[];
  stderr: string;
  /** Whether anything was written to its PGlite folder: the embedded database was opened. */
  openedDataDir: boolean;
}

/**
 * Runs the upstream's own program (`npm run upstream`: `upstream/src/main.ts`) on a fresh PGlite folder, unless `env`
 * names a DATABASE_URL, until it listens (then stops it) or exits; `timeoutMs` later it is killed.
 */
export function runUpstreamProgram(env: Record<string, string>, timeoutMs = 90_000): Promise<ProgramRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'upstream-program-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'upstream/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: '',
      REDIS_URL: '',
      DATABASE_URL: '',
      DEMO_DATA: '',
      SMTP_URL: '',
      UPSTREAM_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let listened = false;
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (listened || !stdout.includes('upstream REST API: ')) return;
    listened = true;
    child.kill('SIGTERM');
  });
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      const openedDataDir = readdirSync(dataDir).length > 0;
      rmSync(dataDir, { recursive: true, force: true });
      const lines = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      resolve({ listened, code, lines, stderr, openedDataDir });
    }),
  );
}
