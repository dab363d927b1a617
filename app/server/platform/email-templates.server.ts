/**
 * Building blocks for the two parts of every email. Values are interpolated only through these
 * helpers, and every value that goes into the HTML part is escaped.
 */
import { PUBLIC_NAV } from "~/lib/shared/public-links";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** One block of an email: a paragraph, a highlighted code, a button link or a labelled field. */
export type EmailBlock =
  | { type: "paragraph"; text: string }
  | { type: "code"; label: string; code: string }
  | { type: "button"; label: string; url: string }
  | { type: "field"; label: string; value: string };

export type EmailContent = {
  /** The first line of the text part and the heading of the HTML part. */
  heading: string;
  blocks: EmailBlock[];
  /** A closing line, e.g. why the recipient got the email. */
  footer?: string;
  /** The one-click unsubscribe link under the footer (non-essential notification emails). */
  unsubscribe?: { label: string; url: string };
};

/** Only http(s) links go into an email; anything else would be a script or data URL. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error("Email links must be http(s).");
  return parsed.toString();
}

function textBlock(block: EmailBlock): string {
  switch (block.type) {
    case "paragraph":
      return block.text;
    case "code":
      return `${block.label}: ${block.code}`;
    case "button":
      return `${block.label}: ${safeUrl(block.url)}`;
    case "field":
      return `${block.label}:\n${block.value}`;
  }
}

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1f2933;";

function htmlBlock(block: EmailBlock): string {
  switch (block.type) {
    case "paragraph":
      return `<p style="${FONT}font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case "code":
      return (
        `<p style="${FONT}font-size:13px;margin:0 0 4px">${escapeHtml(block.label)}</p>` +
        `<p style="font-family:Consolas,Menlo,monospace;font-size:22px;letter-spacing:2px;font-weight:bold;` +
        `background:#f1f5f9;border-radius:6px;padding:12px 16px;margin:0 0 16px;color:#0f172a">${escapeHtml(block.code)}</p>`
      );
    case "button":
      return (
        `<p style="margin:0 0 16px"><a href="${escapeHtml(safeUrl(block.url))}" ` +
        `style="${FONT}display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;` +
        `padding:10px 18px;border-radius:6px;font-size:15px">${escapeHtml(block.label)}</a></p>`
      );
    case "field":
      return (
        `<p style="${FONT}font-size:13px;font-weight:bold;margin:0 0 4px">${escapeHtml(block.label)}</p>` +
        `<p style="${FONT}font-size:15px;line-height:1.5;margin:0 0 16px;white-space:pre-wrap">${escapeHtml(block.value)}</p>`
      );
  }
}

/** The plain-text and HTML parts of one email. */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const text = [content.heading, "", ...content.blocks.map(textBlock).flatMap((part) => [part, ""])]
    .concat(content.footer ? [content.footer] : [])
    .concat(content.unsubscribe ? ["", `${content.unsubscribe.label} ${safeUrl(content.unsubscribe.url)}`] : [])
    .join("\n")
    .trimEnd();
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#ffffff">` +
    `<div style="max-width:560px;margin:0 auto">` +
    `<p style="${FONT}font-size:18px;font-weight:bold;margin:0 0 4px;color:#1d4ed8">Partwise</p>` +
    `<h1 style="${FONT}font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>` +
    content.blocks.map(htmlBlock).join("") +
    (content.footer
      ? `<p style="${FONT}font-size:12px;color:#52606d;margin:24px 0 0">${escapeHtml(content.footer)}</p>`
      : "") +
    (content.unsubscribe
      ? `<p style="${FONT}font-size:12px;color:#52606d;margin:8px 0 0">${escapeHtml(content.unsubscribe.label)} ` +
        `<a href="${escapeHtml(safeUrl(content.unsubscribe.url))}" style="color:#1d4ed8">` +
        `${escapeHtml(safeUrl(content.unsubscribe.url))}</a></p>`
      : "") +
    SITE_FOOTER_SLOT +
    `</div></body></html>`;
  return { text, html };
}

/** Where the public pages' links go in the HTML part; sendEmail fills it in (it knows the origin). */
const SITE_FOOTER_SLOT = "<!--partwise-site-footer-->";

/**
 * Every email's last lines (issue #42): links to the public pages on `origin`. Without an origin
 * (a job before any request recorded one, and no APP_URL) the email goes without them, never with
 * a relative link. An email rendered elsewhere (no slot) gets them in its text part only.
 */
export function withSiteFooter(email: { text: string; html: string }, origin: string | null) {
  if (!origin) return { text: email.text, html: email.html.replace(SITE_FOOTER_SLOT, "") };
  const links = PUBLIC_NAV.map((page) => ({ label: page.navLabel, url: safeUrl(`${origin}${page.path}`) }));
  const text = `${email.text}\n\n--\nPartwise: ${links.map((link) => `${link.label} ${link.url}`).join(" · ")}`;
  const html = email.html.replace(
    SITE_FOOTER_SLOT,
    `<p style="${FONT}font-size:12px;color:#52606d;margin:24px 0 0;border-top:1px solid #e2e8f0;padding-top:12px">` +
      `Partwise: ` +
      links
        .map((link) => `<a href="${escapeHtml(link.url)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a>`)
        .join(" · ") +
      `</p>`,
  );
  return { text, html };
}
