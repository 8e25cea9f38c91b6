import { accountTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';

const t = accountTexts.privacyPage;

/** /privacy: the privacy policy the login sheet's footer opens in a new tab (001 §2). */
export default function PrivacyPolicyPage() {
  return (
    <>
      <PageHeader title={t.title} />
      <article className="account-page privacy-policy">
        {t.sections.map(([heading, body]) => (
          <section key={heading}>
            <h2>{heading}</h2>
            <p>{body}</p>
          </section>
        ))}
      </article>
    </>
  );
}
