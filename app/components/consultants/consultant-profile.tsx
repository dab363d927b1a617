import {
  availabilityLine,
  awayLine,
  engagementLines,
  pastClientLine,
  profileFactRows,
  PROFILE_VIEW_TEXTS as T,
  ratingSummary,
} from "~/lib/consultants/profile-view";
import type { ConsultantInfo } from "~/lib/matching/match-view";
import { fullName } from "~/lib/shared/format";

/**
 * Who the consultant is, exactly as a business sees it on a candidate, and as the manager vets it
 * (the consultant's page and the profile review show this same component): photo, name, headline,
 * location; experience, education, availability, ratings from completed engagements, business
 * areas, engagement types, industries and specialties, company sizes, rate, mission statement,
 * bio and LinkedIn profile; then the past clients the profile states and the engagements
 * completed through Partwise (issue #36 item 19).
 */
export function ConsultantProfileFacts({ consultant }: { consultant: ConsultantInfo }) {
  const name = fullName(consultant.firstName, consultant.lastName);
  const away = awayLine(consultant.availability);
  const facts = profileFactRows(consultant, ratingSummary(consultant.rating));
  return (
    <>
      {consultant.photoUrl ? (
        <img className="consultant-photo" src={consultant.photoUrl} alt={name} width={120} height={120} />
      ) : null}
      <div className="consultant-identity">
        <p className="consultant-name">{name}</p>
        <p className="consultant-headline">{consultant.headline}</p>
        <p className="consultant-location">{consultant.location}</p>
      </div>
      <dl className="consultant-facts">
        {facts.slice(0, 2).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{T.availability}</dt>
          <dd>
            {availabilityLine(consultant.availability)}
            {away ? <span className="consultant-away">{away}</span> : null}
          </dd>
        </div>
        {facts.slice(2).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {consultant.rate ? (
          <div>
            <dt>Rate</dt>
            <dd>{consultant.rate}</dd>
          </div>
        ) : null}
        <div>
          <dt>Mission statement</dt>
          <dd>{consultant.missionStatement}</dd>
        </div>
        <div>
          <dt>Bio</dt>
          <dd>{consultant.bio}</dd>
        </div>
        {consultant.linkedinUrl ? (
          <div>
            <dt>LinkedIn</dt>
            <dd>
              <a href={consultant.linkedinUrl} target="_blank" rel="noopener noreferrer">
                {`${name} on LinkedIn`}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      <section className="consultant-record" aria-label={`${T.pastClients}: ${name}`}>
        <h3 className="consultant-record-title">{T.pastClients}</h3>
        {consultant.pastClients.length === 0 ? (
          <p className="consultant-record-empty">{T.noPastClients}</p>
        ) : (
          <ul className="consultant-record-list">
            {consultant.pastClients.map((client, index) => (
              <li key={`${client.description}-${index}`}>
                <span className="consultant-record-main">{client.description}</span>
                <span className="consultant-record-detail">{pastClientLine(client)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="consultant-record" aria-label={`${T.engagements}: ${name}`}>
        <h3 className="consultant-record-title">{T.engagements}</h3>
        {consultant.completedEngagements.length === 0 ? (
          <p className="consultant-record-empty">{T.noEngagements}</p>
        ) : (
          <ul className="consultant-record-list">
            {consultant.completedEngagements.map((engagement, index) => {
              const [main, detail] = engagementLines(engagement);
              return (
                <li key={`${main}-${index}`}>
                  <span className="consultant-record-main">{main}</span>
                  <span className="consultant-record-detail">{detail}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
