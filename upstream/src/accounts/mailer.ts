import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { ACCOUNT_TOKEN_TTL_MS } from '../../../domain/limits.js';
import { accountTexts } from '../../../domain/messages.js';
import type { AccountTokenPurpose } from './sessions.js';

const m = accountTexts.mail;

/** Where `npm start` serves the web app: the links' default address. */
export const DEFAULT_APP_URL = 'http://localhost:4000';

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`: mails go out through it. Without it they are written to `dir`. */
  smtpUrl?: string;
  /** Where each mail is written as an `.eml` file when no SMTP server is configured. */
  dir: string;
  /** The web app's address the links lead to (`<appUrl>/reset-password?token=…`). */
  appUrl: string;
  /** The sender (default `슬라임 커뮤니티 <no-reply@slime.community>`). */
  from?: string;
  /** The service's log: a mail written to a file is told there, by its file name (never its link or recipient), as one JSON line. */
  log?: { warn(details: object, message: string): void };
}

/** An outgoing account mail: who gets it, what for, and the one-time token its link carries. */
export interface AccountMail {
  to: string;
  purpose: AccountTokenPurpose;
  token: string;
}

export interface Mailer {
  /** Where mails are written when there is no SMTP server (null when they go out by SMTP). */
  readonly dir: string | null;
  send(mail: AccountMail): Promise<void>;
  close(): void;
}

const PAGES: Record<AccountTokenPurpose, { path: string; subject: string; body: string; action: string }> = {
  password_reset: { path: '/reset-password', subject: m.resetSubject, body: m.resetBody, action: m.resetAction },
  email_verification: { path: '/verify-email', subject: m.verifySubject, body: m.verifyBody, action: m.verifyAction },
};

/** The web app's screen for the token: `<appUrl>/reset-password?token=…` or `<appUrl>/verify-email?token=…`. */
export function accountLink(appUrl: string, purpose: AccountTokenPurpose, token: string): string {
  const url = new URL(PAGES[purpose].path, appUrl.replace(/\/+$/, '') + '/');
  url.searchParams.set('token', token);
  return url.href;
}

// The HTML part interpolates only the link (our own address and a hex token) and fixed texts; escaping the
// few characters that matter in an attribute and in text needs no template library.
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function compose(purpose: AccountTokenPurpose, link: string) {
  const page = PAGES[purpose];
  const expires = m.expires(Math.round(ACCOUNT_TOKEN_TTL_MS / 60_000));
  const text = [m.greeting, '', page.body, '', link, '', expires, m.ignore, '', m.signature].join('\n');
  const html = [
    `<p>${escapeHtml(m.greeting)}</p>`,
    `<p>${escapeHtml(page.body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(page.action)}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(expires)}<br>${escapeHtml(m.ignore)}</p>`,
    `<p>${escapeHtml(m.signature)}</p>`,
  ].join('\n');
  return { subject: page.subject, text, html };
}

/**
 * Account mails through nodemailer: by SMTP when `smtpUrl` is set; otherwise each mail is written to `dir` as an
 * `.eml` file (any mail program opens it) and the file is named on one log line, so the reset and verification
 * journeys work on a machine without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? `${m.from} <no-reply@slime.community>`;
  const toFiles = !options.smtpUrl;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : // Quoted-printable keeps the link readable in the written file (base64 would hide it).
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  if (toFiles) mkdirSync(options.dir, { recursive: true });

  return {
    dir: toFiles ? options.dir : null,
    async send(mail) {
      const link = accountLink(options.appUrl, mail.purpose, mail.token);
      const info = await transport.sendMail({ from, to: mail.to, textEncoding: 'quoted-printable', ...compose(mail.purpose, link) });
      if (!toFiles) return;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.dir, `${stamp}-${mail.purpose}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      // A warning, not info: without a mail server someone has to open the file and follow its link by hand (and
      // `npm start` logs at warn). The line names the file only: the link's token is a live credential and the
      // recipient personal data, and logs travel further than the mail folder.
      options.log?.warn({ mail: { purpose: mail.purpose, file } }, 'mail written to a file (no SMTP_URL): open it to follow its link');
    },
    close: () => transport.close(),
  };
}
