import type { ReactNode } from 'react';
import { EXTERNAL_LINKS } from '../../shared/links';
import { SiteFooter, SiteHeader } from '../../shared/SiteHeader';
import './privacy.css';

export const EFFECTIVE_DATE = 'June 17, 2025';
export const EFFECTIVE_DATE_ISO = '2025-06-17';

const SUPPORT_ADDRESS = EXTERNAL_LINKS.supportEmail.replace(/^mailto:/, '');

function Email() {
  return <a href={EXTERNAL_LINKS.supportEmail}>{SUPPORT_ADDRESS}</a>;
}

interface PolicySection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** The policy, section by section; the table of contents is built from the same list. */
const SECTIONS: PolicySection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are and what this policy covers',
    body: (
      <>
        <p>
          Sniff (&ldquo;Sniff&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) runs a hosted search service: website owners
          connect their site, and Sniff gives it a search bar that answers their visitors&apos; searches. This policy
          explains what personal information we handle when you visit sniff.dev, when you use the Sniff dashboard, and
          when someone searches a website that uses the Sniff search bar.
        </p>
        <p>
          For your Sniff account we decide how your information is used (we are the &ldquo;controller&rdquo;). For
          searches made on our customers&apos; websites we act for the website owner (as a &ldquo;processor&rdquo; or
          &ldquo;service provider&rdquo;): we handle that information only to run search and analytics for them, and
          their own privacy notice applies as well.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    heading: 'Information we collect',
    body: (
      <>
        <h3>Your account</h3>
        <p>
          Your name, e-mail address and a sign-in identifier, which we receive from our identity provider when you sign
          up or log in. We never see or store your password.
        </p>
        <h3>Your websites and their content</h3>
        <p>
          The name, address and nickname you give each search widget; the pages you select for indexing; and the content
          we index from them: titles, descriptions, headings, text, prices and image addresses. For Squarespace sites
          this includes the read-only developer API key you give us and the data it lets us read (products, inventory
          and, where requested, order information, which is never shown in search results). For Shopify this includes
          the catalogue file you upload.
        </p>
        <h3>Billing</h3>
        <p>
          Your plan, subscription status, payment history and invoices. Card payments are handled by Stripe on its own
          checkout pages; we never receive or store your full card number.
        </p>
        <h3>Searches on websites that use Sniff</h3>
        <p>
          When a visitor searches a website that uses the Sniff search bar, we receive the query they settle on, how
          many results it found, the result they open (if any), the time and which website it was. The search bar sets
          no cookies and stores nothing in the visitor&apos;s browser, and we do not keep visitors&apos; IP addresses or
          any other identifier with these search records.
        </p>
        <h3>Messages you send us</h3>
        <p>
          When you send feedback or write to support we keep the message, your e-mail address, the page you sent it from
          and the time.
        </p>
        <h3>Technical information</h3>
        <p>
          Like any web service, our servers see the IP address, browser type and requested address of each request. We
          use this to deliver pages, limit abuse and fix problems, and keep server logs for up to 30 days unless we need
          them longer to investigate a specific security incident.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    heading: 'How we use information',
    body: (
      <>
        <ul>
          <li>To provide Sniff: index your content, keep it in sync, and answer searches on your website.</li>
          <li>To show you search analytics for your own websites, on plans that include them.</li>
          <li>To manage your subscription, take payments and keep accounting records.</li>
          <li>To answer your messages and send service e-mails such as receipts and important changes.</li>
          <li>To keep Sniff secure: verify sign-ins, limit request rates, and detect and stop abuse.</li>
          <li>To improve Sniff, using aggregated figures such as how often searches find nothing.</li>
          <li>To meet legal obligations, such as tax and accounting rules.</li>
        </ul>
        <p>
          Where the GDPR applies, we rely on these legal bases: performance of our contract with you (providing the
          service and billing), our legitimate interests (security, support and improving Sniff, balanced against your
          rights), legal obligations (accounting records), and your consent where we ask for it. We do not sell your
          personal information, and we do not use it for advertising.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'How we share information',
    body: (
      <>
        <p>We share personal information only in these cases:</p>
        <ul>
          <li>
            <strong>Service providers</strong> who run parts of Sniff for us under contract and only on our
            instructions: hosting and infrastructure, sign-in (Auth0), payments (Stripe) and e-mail delivery.
          </li>
          <li>
            <strong>The website owner</strong>, who sees the searches made on their own website in their analytics.
          </li>
          <li>
            <strong>Legal requirements</strong>: when the law requires it, or to protect the rights, property or safety
            of our users, the public or Sniff.
          </li>
          <li>
            <strong>Business transfers</strong>: if Sniff is merged or sold, to the new owner, who must keep to this
            policy or tell you about changes first.
          </li>
          <li>
            <strong>With your consent</strong>, for anything else.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and browser storage',
    body: (
      <>
        <p>We use no advertising or third-party analytics cookies on sniff.dev or in the dashboard. What we do use:</p>
        <ul>
          <li>
            Sign-in: our identity provider sets the cookies it needs to keep you logged in, and the dashboard keeps your
            session tokens in the browser.
          </li>
          <li>
            Your theme choice (light or dark), saved in your browser&apos;s local storage under the name
            &ldquo;theme&rdquo;.
          </li>
          <li>Stripe&apos;s checkout pages set their own cookies, used for payment security and fraud prevention.</li>
        </ul>
        <p>
          The Sniff search bar on our customers&apos; websites sets no cookies at all. You can clear cookies and local
          storage in your browser settings at any time; you will then need to log in again.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep information',
    body: (
      <ul>
        <li>Account information: for as long as your account exists.</li>
        <li>
          Indexed content, API keys, uploaded catalogues and search records of a widget: until you delete the widget or
          your account.
        </li>
        <li>
          Billing records (invoices, payments and the details on them): up to 7 years, because tax and accounting law
          requires it, even after you delete your account.
        </li>
        <li>Server logs: up to 30 days.</li>
        <li>Feedback and support messages: up to 2 years after the conversation ends.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <>
        <p>
          All traffic to Sniff is encrypted in transit with HTTPS. Every dashboard request carries a signed access token
          that our gateway verifies before it reaches any service; each part of Sniff keeps its data separately and
          reaches other parts only through internal interfaces; content shown in the search bar is escaped so it cannot
          run as code; and only staff who need it have access to production systems.
        </p>
        <p>
          No system is perfectly secure. If a breach affects your personal information, we will tell you and the
          relevant authorities as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    heading: 'International transfers',
    body: (
      <p>
        Sniff and its service providers may process information in the United States and other countries whose data
        protection laws differ from yours. When we transfer personal information out of the European Economic Area, the
        United Kingdom or Switzerland, we rely on an adequacy decision or on the European Commission&apos;s Standard
        Contractual Clauses (with the UK Addendum where needed), and we apply the protections described in this policy
        wherever the information is processed.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights under the GDPR and the CCPA',
    body: (
      <>
        <h3>Everyone</h3>
        <p>
          Whatever the law where you live, you can ask us what we hold about you, ask us to correct it, and ask us to
          delete it. Write to <Email />.
        </p>
        <h3>European Economic Area and United Kingdom (GDPR)</h3>
        <p>
          You have the right to access your personal information, to have it corrected or erased, to restrict or object
          to how we use it, to receive it in a portable format, and to withdraw consent at any time where we rely on
          consent. You can also complain to your local data protection authority. We answer within one month.
        </p>
        <h3>California (CCPA, as amended by the CPRA)</h3>
        <p>
          You have the right to know what personal information we collect, use and disclose, to delete it, to correct
          it, and not to be treated differently for using these rights. We do not sell personal information or share it
          for cross-context behavioural advertising, and we do not use sensitive personal information beyond what is
          needed to provide the service. You may use an authorised agent. We answer within 45 days.
        </p>
        <p>
          To protect your account we may need to confirm your identity before acting on a request, usually by replying
          from the e-mail address on your account.
        </p>
        <h3>Visitors of websites that use Sniff</h3>
        <p>
          If you searched a website that uses Sniff, contact that website&apos;s owner first: they decide what happens
          to searches on their site. We will help them answer your request.
        </p>
      </>
    ),
  },
  {
    id: 'delete-account',
    heading: 'Deleting your account',
    body: (
      <p>
        You can delete your account yourself with the Delete Account option in your dashboard. This deletes your
        account, your search widgets, their indexed content, API keys, uploaded catalogues and search records, and
        cancels any active subscription. Billing records stay for up to 7 years as explained above. You can also ask us
        to delete your account by writing to <Email />.
      </p>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <p>
        Sniff is a service for website owners and is not directed to children under 16. We do not knowingly collect
        personal information from children under 16. If you believe a child has given us personal information, write to{' '}
        <Email /> and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we publish the new version here with a new effective date. If a change materially
        affects how we use your information, we will also e-mail account holders before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact us',
    body: (
      <p>
        Questions about this policy or your personal information: write to <Email />. We read every message and answer
        privacy requests within the times stated above.
      </p>
    ),
  },
];

/** Section ids in order (the table of contents and tests use them). */
export const PRIVACY_SECTION_IDS = SECTIONS.map((s) => s.id);

/** /privacy-policy: Sniff's privacy policy, effective June 17, 2025. */
export function PrivacyPolicyPage() {
  return (
    <div className="site privacy">
      <SiteHeader />
      <main id="main" className="site-main privacy-main">
        <article className="privacy-article" aria-labelledby="privacy-title">
          <header className="privacy-header">
            <h1 id="privacy-title">Privacy Policy</h1>
            <p className="privacy-effective">
              Effective <time dateTime={EFFECTIVE_DATE_ISO}>{EFFECTIVE_DATE}</time>
            </p>
            <p className="privacy-summary">
              In short: we collect what we need to run search for your website, we do not sell it or use it for
              advertising, the search bar sets no cookies on your visitors, and you can delete your account from the
              dashboard at any time.
            </p>
          </header>
          <nav className="privacy-toc" aria-labelledby="privacy-toc-title">
            <h2 id="privacy-toc-title">On this page</h2>
            <ol>
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {SECTIONS.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="privacy-section">
              <h2 id={`${s.id}-title`}>{s.heading}</h2>
              {s.body}
            </section>
          ))}
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
