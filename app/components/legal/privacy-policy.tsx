import { LegalDocument, LegalSection, SUPPORT_EMAIL } from "./legal-document";

export const PRIVACY_POLICY_TITLE = "Privacy Policy";

/**
 * Partwise's Privacy Policy, written for what the product actually does: business accounts,
 * consultants and engagement managers; accounting data through QuickBooks; card payments through
 * Stripe; files uploaded to match requests and deliverables.
 */
export function PrivacyPolicy() {
  return (
    <LegalDocument
      title={PRIVACY_POLICY_TITLE}
      summary="This policy explains what information Partwise collects when you use our fractional-consulting marketplace, why we collect it, who we share it with, how long we keep it, and the choices and rights you have."
    >
      <LegalSection id="who-we-are" title="1. Who we are">
        <p>
          Partwise connects small and mid-size businesses with vetted, part-time (fractional) consultants. Businesses
          sign up, describe their company, may connect their accounting data, buy diagnostic insights, ask to be matched
          with consultants, and run paid engagements with them. Partwise engagement managers run the matching and review
          process, and consultants work with businesses through their own portal.
        </p>
        <p>
          In this policy, &quot;Partwise&quot;, &quot;we&quot; and &quot;us&quot; mean the company operating the
          Partwise service; &quot;you&quot; means the person using it, whether as the owner or staff of a business
          client, as a consultant, or as a visitor. For the personal information described here, Partwise is the
          controller.
        </p>
      </LegalSection>

      <LegalSection id="what-we-collect" title="2. Information we collect">
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your first and last name, email address, phone number and password. We
            store only a salted, one-way hash of your password, never the password itself.
          </li>
          <li>
            <strong>Business details:</strong> your company name, your role, the city and state where the business is
            based, its NAICS industry code, its revenue band and its employee band.
          </li>
          <li>
            <strong>Requests and conversations:</strong> what you tell us when you request an insight or a match (the
            business area, the engagement type, the problem you want solved and its background), your decisions on
            suggested consultants, engagement plans you accept or reject together with your typed signature and its
            date, reviews of deliverables, ratings and feedback, your insight preferences, and messages you send to
            support.
          </li>
          <li>
            <strong>Files:</strong> documents you upload to a request or a deliverable (for example PDFs, spreadsheets,
            presentations and images).
          </li>
          <li>
            <strong>Consultant profiles:</strong> for consultants, the experience, education, mission statement,
            biography and availability they provide, and the work they deliver.
          </li>
        </ul>
        <h3>Accounting data you connect</h3>
        <p>
          If you connect your accounting system, we receive data from Intuit QuickBooks with your permission: your
          company&apos;s profit-and-loss figures by month (such as income and net income) and the identifiers and access
          tokens needed to refresh them. We use this data to build your finance profile, revenue charts, your
          revenue-per-employee figure and, if you buy it, industry benchmarking. We encrypt the access tokens we hold.
          You can disconnect Partwise at any time from your QuickBooks account; we then stop refreshing the data.
        </p>
        <h3>Payment information</h3>
        <p>
          Card payments for subscriptions, insights, benchmarking and engagement phases are processed by Stripe. Your
          card number goes directly to Stripe and never reaches our servers. From Stripe we receive a customer
          identifier, the status of your subscription and payments, the amounts charged and the last digits and brand of
          the card, which we keep for billing, receipts and support.
        </p>
        <h3>Information collected automatically</h3>
        <p>
          When you sign in, we set one strictly necessary cookie that keeps you signed in; we store only a hash of its
          value. For security we record the IP address and browser type of each session, and we keep server logs of
          requests and errors. We do not use advertising cookies and we do not sell or rent your information.
        </p>
      </LegalSection>

      <LegalSection id="how-we-use" title="3. How we use information">
        <ul>
          <li>
            To create and secure your account, sign you in, and keep sessions safe (for example by throttling repeated
            failed sign-ins).
          </li>
          <li>
            To provide the service: build insights and finance profiles, match you with consultants, run engagements,
            and deliver and review work.
          </li>
          <li>To bill you for what you buy and to keep records that tax and accounting rules require.</li>
          <li>
            To send you service emails, such as password recovery messages, receipts and updates about your requests.
            You cannot opt out of these while you have an account, because the service depends on them.
          </li>
          <li>To answer support messages and to investigate misuse, fraud and security incidents.</li>
          <li>
            To improve Partwise, using aggregated or de-identified information wherever we can. Industry benchmarks
            compare your figures with aggregated figures of other businesses; we never show another business your own
            figures.
          </li>
        </ul>
        <p>
          Where a law such as the GDPR applies, we rely on the contract with you (to provide the service), our
          legitimate interests (security, service improvement), legal obligations (billing records) and, for connecting
          accounting data, your consent, which you can withdraw at any time.
        </p>
      </LegalSection>

      <LegalSection id="sharing" title="4. Who we share information with">
        <ul>
          <li>
            <strong>Consultants and engagement managers.</strong> When you request a match, the Partwise engagement
            managers and the consultants proposed to you see your business details and the request. Once you accept a
            consultant, they also see the engagement plan, the deliverables and the files shared in the engagement.
            Consultants are bound by confidentiality obligations to Partwise.
          </li>
          <li>
            <strong>Service providers</strong> who process information for us under contract and only on our
            instructions: Cloudflare (hosting, database and file storage), Stripe (payments), Intuit (the accounting
            connection you authorise) and our email delivery provider.
          </li>
          <li>
            <strong>Legal and safety reasons:</strong> when the law requires it, or to protect the rights, safety and
            property of our users, the public or Partwise.
          </li>
          <li>
            <strong>Business transfers:</strong> if Partwise is involved in a merger, acquisition or sale of assets, in
            which case this policy continues to apply to information transferred.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="retention" title="5. How long we keep information">
        <ul>
          <li>
            Account and business details: while your account is open. When the owner deletes the business (or a
            consultant their account) in Settings, the people&apos;s personal details are erased at once.
          </li>
          <li>
            Accounting data: while your accounting system stays connected; when you disconnect it or close your account
            we delete the tokens at once and the imported figures within 90 days.
          </li>
          <li>
            Engagement records, signed statements of work, invoices, payment and tax records: seven years after the
            engagement or payment, as tax and contract law require, also after a deletion: then without personal details
            beyond the signer&apos;s name on a signed statement of work.
          </li>
          <li>
            Files: for the life of the request or engagement they belong to; a deletion removes them at once, except
            signed statements of work.
          </li>
          <li>
            Sessions expire after 30 days at most (or 7 days without use); security logs are kept for up to 12 months.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="security" title="6. How we protect information">
        <p>
          All traffic to Partwise is encrypted in transit (HTTPS). Passwords are stored as salted, peppered hashes;
          accounting tokens are encrypted; access to customer data inside Partwise is limited to people who need it for
          their work. No system is perfectly secure; if a breach affects your information, we will tell you and the
          authorities as the law requires.
        </p>
      </LegalSection>

      <LegalSection id="your-rights" title="7. Your choices and rights">
        <p>
          You can update your personal and business details at any time in Settings. The owner of a business (and a
          consultant, for their own account) can also, in Settings, <strong>export</strong> everything the business gave
          and got as one ZIP file (the link is emailed and works for 7 days) and <strong>delete</strong> the business or
          the account, confirmed with the password; a deletion waits while an engagement is under way or money is held.
          You may also ask us to:
        </p>
        <ul>
          <li>give you a copy of the personal information we hold about you, in a portable format;</li>
          <li>correct information that is wrong;</li>
          <li>
            delete your account and personal information (we keep what the law requires us to keep, as described above);
          </li>
          <li>stop or restrict a particular use, or object to it; and</li>
          <li>withdraw a consent you gave, such as the accounting connection.</li>
        </ul>
        <p>
          Residents of California and other US states with privacy laws, and people in the European Economic Area and
          the United Kingdom, have these rights by law; we extend them to everyone. Write to{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the email address of your account; we answer
          within 30 days. We will not treat you differently for exercising a right. You may also complain to your local
          data protection authority.
        </p>
      </LegalSection>

      <LegalSection id="children" title="8. Children">
        <p>
          Partwise is a service for businesses. It is not meant for anyone under 18, and we do not knowingly collect
          their information.
        </p>
      </LegalSection>

      <LegalSection id="transfers" title="9. Where information is processed">
        <p>
          Partwise is operated from the United States, and our service providers may process information in other
          countries. When information from the European Economic Area, the United Kingdom or Switzerland is transferred,
          we rely on the European Commission&apos;s standard contractual clauses or another lawful transfer mechanism.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="10. Changes to this policy">
        <p>
          We will post any change on this page with a new effective date. If a change materially affects how we use your
          information, we will email the account owner at least 30 days before it takes effect.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="11. Contact us">
        <p>
          For any question or request about privacy, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
