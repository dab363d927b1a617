// The demo flows' shared parts: the demo accounts, the three match requests, and the HTTP
// session a demo person plays the flows with (demo-flows.mjs and the demo-*.mjs flows use it).

import { DEMO_PASSWORD as PASSWORD } from "./demo-sign-in.mjs";

export const CLIENT = "demo@partwise.test";
export const MANAGER = "manager@partwise.test";
export const CONSULTANT1 = "consultant1@partwise.test";
export const CONSULTANT5 = "consultant5@partwise.test";

/** The three requests, oldest first (their order is the order they were made in). */
export const DEMO_MATCH_REQUESTS = [
  {
    key: "candidate",
    category: "marketing",
    consultingType: "project",
    problemStatement:
      "Our online store brings in a third of sales, but we have never measured which campaigns pay for themselves. We want a marketing plan for the spring season that we can track week by week.",
  },
  {
    key: "paired",
    category: "finance",
    consultingType: "fractional",
    problemStatement:
      "Margins fell four points this year while sales grew. We need someone to rebuild our monthly close, find where the margin went and give us a cash forecast we can plan inventory buys on.",
  },
  {
    key: "shortlist",
    category: "operations",
    consultingType: "",
    problemStatement:
      "Stock counts in our two stores rarely match the books, and online orders sometimes ship late because of it. We are not sure whether we need a project or ongoing help.",
  },
];

export class Session {
  constructor(baseURL, label) {
    this.baseURL = baseURL;
    this.label = label;
    this.cookie = "";
  }

  async signIn(email) {
    const response = await fetch(`${this.baseURL}/api/client/auth/signin`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Origin: this.baseURL },
      body: JSON.stringify({ email, password: PASSWORD }),
      redirect: "manual",
    });
    if (response.status !== 200) throw new Error(`${this.label}: sign-in answered ${response.status}`);
    this.cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0].trim())
      .join("; ");
    return this;
  }

  async json(method, path, body) {
    const response = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        Cookie: this.cookie,
        Accept: "application/json",
        Origin: this.baseURL,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    const text = await response.text();
    if (response.status >= 400)
      throw new Error(`${this.label}: ${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  }

  /** A page action, posted as the browser posts a form without JavaScript. */
  async form(path, fields) {
    const response = await fetch(`${this.baseURL}${path}`, {
      method: "POST",
      headers: {
        Cookie: this.cookie,
        Accept: "text/html",
        Origin: this.baseURL,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`${this.label}: POST ${path} answered ${response.status}`);
    return response;
  }

  /** A multipart page action (a form with a file), as the browser posts it. */
  async multipart(path, formData) {
    const response = await fetch(`${this.baseURL}${path}`, {
      method: "POST",
      headers: { Cookie: this.cookie, Accept: "text/html", Origin: this.baseURL },
      body: formData,
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`${this.label}: POST ${path} answered ${response.status}`);
    return response;
  }

  /** Keeps the session cookie a response set (e.g. the account an invitation created). */
  adoptCookie(response) {
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0].trim())
      .join("; ");
    if (cookie) this.cookie = cookie;
    return this;
  }

  async page(path) {
    const response = await fetch(`${this.baseURL}${path}`, {
      headers: { Cookie: this.cookie, Accept: "text/html" },
      redirect: "manual",
    });
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${this.label}: GET ${path} answered ${response.status}`);
    return html;
  }
}

/** The value of the first `name="<field>"` input after `marker` in a page's HTML. */
export function inputAfter(html, marker, field) {
  const at = html.indexOf(marker);
  if (at < 0) return null;
  const match = new RegExp(`name="${field}" value="([^"]+)"`).exec(html.slice(at));
  return match ? match[1] : null;
}
