import type { SowDocument } from "~/lib/engagements/sow";

/**
 * The engagement plan as people read it: Engagement Plan, Form of Statement of Work, Work Schedule
 * and Deliverables, from the same SowDocument the signed PDF is made of. `headingLevel` fits it
 * under the page's own headings.
 */
export function PlanDocument({ document, headingLevel = 3 }: { document: SowDocument; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <article className="plan-document" aria-label={`Engagement plan: ${document.title}`}>
      <p className="plan-document-meta">
        <span>{document.title}</span>
        <span>Version {document.version}</span>
        <span>Effective date {document.effectiveDate}</span>
      </p>
      {document.sections.map((section) => (
        <section key={section.heading} className="plan-document-section">
          <Heading>{section.heading}</Heading>
          {section.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          {section.items && section.items.length > 0 ? (
            // Scrolls sideways on a phone: focusable and named so the keyboard can scroll it too.
            <div className="plan-document-table-wrap" tabIndex={0} role="region" aria-label="Deliverables table">
              <table className="plan-document-table">
                <caption className="visually-hidden">Deliverables</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Deliverable</th>
                    <th scope="col">Delivery date</th>
                    <th scope="col" className="plan-document-price">
                      Price
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {section.items.map((item) => (
                    <tr key={item.number}>
                      <td>{item.number}</td>
                      <td>
                        <strong>{item.title}</strong>
                        {item.description ? (
                          <span className="plan-document-description">{item.description}</span>
                        ) : null}
                      </td>
                      <td>{item.deliveryDate}</td>
                      <td className="plan-document-price">{item.price}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={3}>
                      Total
                    </th>
                    <td className="plan-document-price">{section.total}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          ) : null}
        </section>
      ))}
      {document.signature ? <p className="plan-document-signature">{document.signature}</p> : null}
    </article>
  );
}
