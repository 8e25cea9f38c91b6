import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';

/** A mail the upstream wrote as an `.eml` file, with the link it carries. */
export interface WrittenMail {
  file: string;
  to: string;
  /** The decoded message (headers and both parts). */
  text: string;
  /** The first link into the web app (`…/reset-password?token=…`, `…/verify-email?token=…`). */
  link: string;
  token: string;
}

/**
 * Quoted-printable (RFC 2045 §6.7): soft line breaks go, `=XY` become bytes. Decoding by hand keeps a mail parser out of
 * the test dependencies; the mails are ours and their parts are quoted-printable.
 */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every mail in `dir`, oldest first (the file names start with the time they were written). */
export async function readMails(dir: string): Promise<WrittenMail[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = join(dir, name);
      const text = decodeQuotedPrintable(await readFile(file, 'latin1'));
      const link = /https?:\/\/\S+?\/(?:reset-password|verify-email)\?token=[0-9a-f]+/.exec(text)?.[0] ?? '';
      return { file, to: /^To: (.+)$/m.exec(text)?.[1].trim() ?? '', text, link, token: new URL(link || 'http://x').searchParams.get('token') ?? '' };
    }),
  );
}

/** The newest mail to `to` whose link leads to `path` (waits for it: the upstream writes it before answering, the browser's request may still be on its way). */
export async function lastMail(dir: string, to: string, path: '/reset-password' | '/verify-email'): Promise<WrittenMail> {
  let found: WrittenMail | undefined;
  await expect
    .poll(async () => {
      found = (await readMails(dir)).filter((mail) => mail.to === to && mail.link !== '' && new URL(mail.link).pathname === path).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** A message an SMTP client delivered: the envelope and the data. */
export interface DeliveredMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * An SMTP server on a free port that accepts every message and keeps it. No SMTP server library is among the
 * dependencies, and a sink needs only the plain dialogue of RFC 5321 (EHLO, MAIL, RCPT, DATA, QUIT) without
 * extensions, so it is written here.
 */
export async function startSmtpSink(): Promise<{ url: string; delivered: DeliveredMail[]; close(): Promise<void> }> {
  const delivered: DeliveredMail[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let current: DeliveredMail = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          delivered.push({ ...current, data: buffer.slice(0, end).replace(/^\.\./gm, '.') });
          buffer = buffer.slice(end + 5);
          inData = false;
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = /<(.*)>/.exec(line)?.[1] ?? '';
        if (verb === 'RCPT') current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
        if (verb === 'DATA') inData = true;
        const replies: Record<string, string> = { EHLO: '250 sink', HELO: '250 sink', DATA: '354 go on', QUIT: '221 bye' };
        if (verb === 'QUIT') socket.end(`${replies.QUIT}\r\n`);
        else socket.write(`${replies[verb] ?? '250 ok'}\r\n`);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link into the web app a delivered message carries. */
export function linkIn(mail: DeliveredMail): string {
  return /https?:\/\/\S+?\/(?:reset-password|verify-email)\?token=[0-9a-f]+/.exec(decodeQuotedPrintable(mail.data))?.[0] ?? '';
}
