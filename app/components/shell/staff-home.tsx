import { PlainLayout } from "./plain-layout";

/** Placeholder home for consultants and engagement managers: their screens are not specified yet. */
export function StaffHome({
  title,
  firstName,
  lastName,
  message,
}: {
  title: string;
  firstName: string;
  lastName: string;
  message: string;
}) {
  return (
    <PlainLayout signedIn>
      <section className="card coming-soon" aria-labelledby="staff-title">
        <span className="badge badge-soft">Coming soon</span>
        <h1 id="staff-title">{title}</h1>
        <p className="lead">
          Hello, {firstName} {lastName}
        </p>
        <p>{message}</p>
      </section>
    </PlainLayout>
  );
}
