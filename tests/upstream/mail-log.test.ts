import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUpstream, type Upstream } from '../../upstream/src/app.js';
import { until } from '../helpers/ws.js';

/** Without SMTP_URL a mail is written to a file, and its link is told in the upstream's JSON log, at warn level. */
describe('a mail written to a file', () => {
  const logLines: string[] = [];
  let upstream: Upstream;
  let base: string;

  beforeAll(async () => {
    upstream = await buildUpstream({ dataDir: 'memory://', logLevel: 'warn', logStream: { write: (line) => void logLines.push(line) } });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await upstream?.close();
  });

  it('is one JSON line of the upstream saying where the link leads, seen at the level `npm start` logs at', async () => {
    const answer = await fetch(`${base}/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jellybear@slime.community' }),
    });
    expect(answer.status).toBe(200);
    await until(() => logLines.some((line) => line.includes('reset-password?token=')));
    const entry = JSON.parse(logLines.find((line) => line.includes('reset-password?token='))!);
    expect(entry).toMatchObject({ level: 40, service: 'upstream', mail: { to: 'jellybear@slime.community' } });
    expect(entry.mail.link).toMatch(/\/reset-password\?token=[0-9a-f]+$/);
    expect(entry.mail.file).toMatch(/\.eml$/);
  });
});
