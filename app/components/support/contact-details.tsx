import { PARTWISE_CONTACT, PRIVACY_POLICY_PATH, TERMS_PATH } from "~/lib/support/support-schemas";

/** Partwise's own contact details and the agreements (spec §2 '/contact-us'). */
export function ContactDetails() {
  const c = PARTWISE_CONTACT;
  return (
    <aside className="card support-contact" aria-labelledby="support-contact-title">
      <h2 id="support-contact-title" className="card-title">
        Contact Partwise
      </h2>
      <dl className="settings-facts">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={c.phoneHref}>{c.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${c.email}`}>{c.email}</a>
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            <address>
              Partwise
              <br />
              {c.street}
              <br />
              {c.city}, {c.state} {c.postalCode}
            </address>
          </dd>
        </div>
      </dl>
      <p className="muted">We answer every message within one business day.</p>
      <ul className="support-links">
        <li>
          <a href={PRIVACY_POLICY_PATH}>Privacy Policy</a>
        </li>
        <li>
          <a href={TERMS_PATH}>Terms and Conditions</a>
        </li>
      </ul>
    </aside>
  );
}
