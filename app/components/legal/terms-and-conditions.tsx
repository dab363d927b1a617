import { Link } from "@remix-run/react";
import { AUTO_ACCEPT_DAYS, REMINDER_DAYS_TEXT } from "~/lib/engagements/review-deadlines";
import { LegalDocument, LegalSection, SUPPORT_EMAIL } from "./legal-document";

export const TERMS_TITLE = "Terms and Conditions";

/**
 * Partwise's Terms and Conditions: accounts, subscriptions, insights, matching, engagements billed
 * per phase in advance (spec §1 engagement terms), the master services agreement and statements
 * of work, termination, liability and governing law.
 */
export function TermsAndConditions() {
  return (
    <LegalDocument
      title={TERMS_TITLE}
      summary="These terms are the agreement between your business and Partwise for the use of the Partwise platform: subscriptions, diagnostic insights, consultant matching and paid engagements. Please read them before you create an account."
    >
      <LegalSection id="agreement" title="1. The agreement">
        <p>
          Partwise operates an online marketplace where small and mid-size businesses find and work with vetted,
          part-time (fractional) consultants. By creating an account or using Partwise you accept these terms on behalf
          of the business you represent, and you confirm that you are at least 18 and have authority to bind that
          business. If you do not accept them, do not use Partwise.
        </p>
        <p>
          Our <Link to="/api/agreements/privacy-policy/">Privacy Policy</Link> explains how we handle personal
          information and forms part of these terms.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="2. Accounts">
        <ul>
          <li>
            Each business has one owner account. Give us accurate details and keep them current, including your
            business&apos;s industry, revenue and employee bands.
          </li>
          <li>
            Keep your password secret and tell us at once at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if
            you think someone else has used your account. You are responsible for activity under your account.
          </li>
          <li>
            Consultants join Partwise only by invitation from a Partwise engagement manager and accept separate
            consultant terms.
          </li>
          <li>
            Do not misuse the service: no unlawful content, no attempts to break or probe its security, no scraping, and
            no contacting consultants you met through Partwise to engage them outside Partwise for 12 months after the
            introduction.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="subscriptions" title="3. Subscriptions, free trial and cancellation">
        <ul>
          <li>
            Partwise offers a free BASIC membership, which needs no credit card, and paid STARTER and SCALE plans. The
            plans, what each includes (such as the number of diagnostic insights per month) and their monthly and yearly
            prices are shown on the plan selection page when you subscribe.
          </li>
          <li>
            A paid plan may start with a 7-day free trial. You will not be charged if you cancel before the trial ends;
            otherwise the first billing period begins when the trial ends.
          </li>
          <li>
            Paid plans renew automatically for the same period (monthly or yearly) and are charged in advance to the
            card you provide through our payment processor, Stripe, until you cancel.
          </li>
          <li>
            You can cancel at any time from Settings (Manage Payment). Cancellation takes effect at the end of the
            current billing period; you keep the plan&apos;s benefits until then. Fees already paid are not refunded
            except where the law requires it.
          </li>
          <li>
            We may change prices or plan contents. We will tell you at least 30 days before a price change applies to
            your subscription, and you may cancel before it takes effect.
          </li>
          <li>Prices exclude taxes, which are added where they apply.</li>
        </ul>
      </LegalSection>

      <LegalSection id="insights" title="4. Diagnostic insights and benchmarking">
        <p>
          An insight is a written diagnostic report on a business area you choose, prepared from the information you
          give us and, if connected, your accounting data. Insights included in your plan are used within the month they
          belong to; additional insights and benchmarking are bought separately and paid in advance. Insights and
          benchmarks are informational: they are not legal, tax, accounting or investment advice, and decisions you make
          based on them are yours.
        </p>
      </LegalSection>

      <LegalSection id="matching" title="5. Matching">
        <p>
          When you request a match, Partwise engagement managers propose consultants who fit your business area and
          engagement type (fractional, coaching or project). You decide whether to accept or reject each proposed
          consultant. We vet consultants before they join, but we do not guarantee that a suitable consultant will be
          available for every request or by a particular date.
        </p>
      </LegalSection>

      <LegalSection id="engagements" title="6. Engagements and billing by phase">
        <ul>
          <li>
            Each engagement follows an engagement plan prepared by the consultant and approved by a Partwise engagement
            manager. The plan divides the work into phases (delivery items), each with a description, a delivery date
            and a price. The engagement starts when you accept the plan with your signature.
          </li>
          <li>
            <strong>Each phase is billed in advance.</strong> Your card on file is charged for the first phase after you
            give your approval to proceed, which may be verbal approval given to your engagement manager; later phases
            are billed the same way before work on them begins.
          </li>
          <li>
            When the consultant delivers a phase you review it and either approve it or ask for a revision. A revision
            request must describe what does not meet the plan; the consultant then revises the deliverable within the
            same phase. If nobody from your business has reviewed a delivered phase {AUTO_ACCEPT_DAYS} days after its
            delivery, it is accepted automatically, the consultant is paid for it and the engagement pauses before the
            next phase (after the last phase, the engagement is complete); we remind you {REMINDER_DAYS_TEXT} days after
            the delivery, and the date of the automatic acceptance is shown on the phase from its delivery. A revision
            request stops this clock, and the next delivery starts it again.
          </li>
          <li>
            If a phase still does not meet the plan after at least one revision, an owner or admin of your business may
            open a dispute instead of asking for another revision, giving the reason; the consultant answers in the
            engagement&apos;s conversation. Until the engagement manager settles the dispute the phase is not accepted
            automatically and the consultant is not paid for it. The engagement manager settles it with a written
            decision you and the consultant both see: the consultant is paid in full, you are refunded in full, or part
            of the price is refunded to you and the rest is kept (our platform fee then applies to the part kept only).
          </li>
          <li>
            Reasonable expenses set out in the plan (for example agreed travel) are billed as incurred, with receipts.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="msa-sow" title="7. Master services agreement and statements of work">
        <p>
          For each engagement, these terms act as the master services agreement between your business and Partwise, and
          the accepted engagement plan is a statement of work under it. The statement of work describes the work
          schedule, deliverables, prices and any engagement-specific terms; if it conflicts with these terms, the
          statement of work governs for that engagement only. A statement of work takes effect on the date of your
          business&apos;s signature, or, if there is none, on the date you accept it in Partwise.
        </p>
        <p>
          Unless a statement of work says otherwise, once a deliverable is paid for, your business owns the deliverable
          created specifically for it. Consultants and Partwise keep their pre-existing know-how, tools and templates
          and grant you a perpetual licence to use those included in a deliverable for your internal business purposes.
        </p>
      </LegalSection>

      <LegalSection id="confidentiality" title="8. Confidentiality and your content">
        <p>
          Your business information, accounting data and files remain yours. You give Partwise, and the consultants
          working on your requests, permission to use them only to provide the service. Partwise and its consultants
          keep your confidential information confidential and use it only for your engagements. You confirm you have the
          right to share the files and information you upload.
        </p>
      </LegalSection>

      <LegalSection id="termination" title="9. Termination">
        <ul>
          <li>
            You may end an engagement at any time by notifying your engagement manager and settling the fees and
            expenses for work done up to the date of notice, including any phase already started. Phases not yet started
            are not charged.
          </li>
          <li>
            You may close your account at any time by writing to support; paid subscriptions end as described in section
            3.
          </li>
          <li>
            We may suspend or close an account that breaches these terms or leaves fees unpaid, after notice and a
            chance to fix the problem where that is reasonable, or at once where needed to protect others or the
            service.
          </li>
          <li>Sections on fees owed, confidentiality, ownership, liability and governing law survive termination.</li>
        </ul>
      </LegalSection>

      <LegalSection id="liability" title="10. Warranties and liability">
        <p>
          Partwise provides the platform with reasonable skill and care, and the consultants perform engagements in a
          professional manner consistent with the statement of work. Otherwise, to the extent the law allows, the
          service is provided &quot;as is&quot; without other warranties, and we do not promise any particular business
          result.
        </p>
        <p>
          To the extent the law allows, neither party is liable to the other for indirect or consequential losses, lost
          profits or lost data, and each party&apos;s total liability under these terms is limited to the fees your
          business paid to Partwise in the 12 months before the event giving rise to the claim. These limits do not
          apply to fees owed, to breach of confidentiality, or to liability that cannot be limited by law.
        </p>
      </LegalSection>

      <LegalSection id="law" title="11. Governing law and disputes">
        <p>
          These terms are governed by the laws of the State of Delaware, without regard to its conflict-of-laws rules.
          Before starting proceedings, each party will try in good faith for 30 days to resolve a dispute by writing to
          the other. The state and federal courts located in Delaware have exclusive jurisdiction, and both parties
          consent to it.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="12. Changes to these terms">
        <p>
          We may update these terms. We will post the new version here with a new effective date and email the account
          owner at least 30 days before a material change takes effect. Statements of work already signed keep the terms
          in force when they were signed.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="13. Contact">
        <p>
          Questions about these terms, notices and requests go to{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
