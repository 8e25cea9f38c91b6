import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildUpstream, type Upstream } from '../../upstream/src/app.js';
import { readMails } from '../helpers/mail.js';
import { runUpstreamProgram } from '../helpers/upstream-program.js';
import { until } from '../helpers/ws.js';

/**
 * Without SMTP_URL a mail is written to a file, and the file is named in the upstream's JSON log, at warn level: never
 * its link (the token in it is a live credential) nor its recipient.
 */
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

  it('is one JSON line of the upstream naming the file, seen at the level `npm start` logs at; the link is in the file', async () => {
    const answer = await fetch(`${base}/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jellybear@slime.community' }),
    });
    expect(answer.status).toBe(200);
    await until(() => logLines.some((line) => line.includes('"mail"')));
    const lines = logLines.filter((line) => line.includes('"mail"'));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ level: 40, service: 'upstream', mail: { purpose: 'password_reset' } });
    expect(entry.mail.file).toMatch(/\.eml$/);

    const [mail] = await readMails(upstream.mailDir!);
    expect(mail.file).toBe(entry.mail.file);
    expect(mail.link).toMatch(/\/reset-password\?token=[0-9a-f]+$/);
    expect(readFileSync(entry.mail.file, 'utf8')).toContain('jellybear@slime.community');
    for (const secret of [mail.token, 'token=', 'jellybear']) expect(logLines.join('\n')).not.toContain(secret);
  });
});

describe('a production start without SMTP_URL', () => {
  const mailWarning = (lines: Record<string, unknown>[]) => lines.filter((line) => 'mailDir' in line);

  it('warns once that mails are written to the mail folder, not sent; a development start does not', async () => {
    const mailDir = mkdtempSync(join(tmpdir(), 'slime-mail-'));
    onTestFinished(() => rmSync(mailDir, { recursive: true, force: true }));
    const production = await runUpstreamProgram({ NODE_ENV: 'production', DEMO_DATA: 'false', MAIL_DIR: mailDir });
    expect(production.listened, production.stderr).toBe(true);
    expect(mailWarning(production.lines)).toEqual([
      expect.objectContaining({
        level: 40,
        mailDir,
        msg: expect.stringContaining(`mails are written to ${mailDir}, not sent`),
      }),
    ]);

    const development = await runUpstreamProgram({ DEMO_DATA: 'false', MAIL_DIR: mailDir });
    expect(development.listened, development.stderr).toBe(true);
    expect(mailWarning(development.lines)).toEqual([]);
  }, 120_000);
});
