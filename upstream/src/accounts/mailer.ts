/** An outgoing account mail (password reset, e-mail verification). */
export interface AccountMail {
  to: string;
  subject: string;
  /** The one-time token the mail carries; the link built from it depends on the client. */
  token: string;
  purpose: 'password_reset' | 'email_verification';
}

export type MailSender = (mail: AccountMail) => Promise<void> | void;

/** Without a mail service configured, mails are written to the log (never their token in production logs). */
const logSender: MailSender = (mail) => {
  console.info(`[mail] ${mail.purpose} for ${mail.to}: ${mail.subject}`);
};

let sender: MailSender = logSender;

/** Plugs in a real sender (SMTP, a mail API) or, in tests, a collector. Returns the previous one. */
export function setMailSender(next: MailSender | null): MailSender {
  const previous = sender;
  sender = next ?? logSender;
  return previous;
}

export async function sendAccountMail(mail: AccountMail): Promise<void> {
  await sender(mail);
}
