// Signing in over HTTP as a demo account, for the scripts that measure the served app
// (bench/bench.mjs, bench/profile.mjs): the seeded demo accounts share one password.

/** The demo accounts' password (scripts/seed.mjs; README "Demo accounts"). */
export const DEMO_PASSWORD = "Partwise-demo-1";

/** POST /api/client/auth/signin with JSON; returns the `name=value` cookie pairs to send back. */
export async function signIn(baseURL, email, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseURL}/api/client/auth/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Origin: baseURL },
    body: JSON.stringify({ email, password }),
    redirect: "manual",
  });
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`sign-in as ${email} answered ${response.status}: ${body.slice(0, 200)}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0].trim());
  if (cookies.length === 0) throw new Error(`sign-in as ${email} set no cookie`);
  return cookies.join("; ");
}
