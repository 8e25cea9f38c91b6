import { readdir, readFile } from 'node:fs/promises';
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
