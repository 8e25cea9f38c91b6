import { accountTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';

/** A page of policy text: a title, then headed sections (the privacy policy, the terms of use). */
export function LegalPage({ title, sections }: { title: string; sections: ReadonlyArray<readonly [string, string]> }) {
  return (
    <>
      <PageHeader title={title} />
      <article className="account-page privacy-policy">
        {sections.map(([heading, body]) => (
          <section key={heading}>
            <h2>{heading}</h2>
            <p>{body}</p>
          </section>
        ))}
      </article>
    </>
  );
}

/** /privacy: the privacy policy the login sheet's footer opens in a new tab (001 §2). */
export default function PrivacyPolicyPage() {
  return <LegalPage title={accountTexts.privacyPage.title} sections={accountTexts.privacyPage.sections} />;
}
