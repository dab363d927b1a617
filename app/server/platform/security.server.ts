import { VIDEO_FRAME_ORIGINS } from "~/lib/learning/learning-rules";

/**
 * Security headers for every response. The CSP is enforcing and uses a per-request nonce for the
 * document's inline scripts; styles allow inline attributes because React and chart.js set them.
 */
export function contentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    // Form posts may be redirected to Stripe Checkout or Intuit's consent page.
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://appcenter.intuit.com",
    // The Learning Center's videos: YouTube (no-cookie) and Vimeo players only.
    `frame-src ${VIDEO_FRAME_ORIGINS.join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string): void {
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  // A page whose URL carries a secret (an invitation's token) sends no Referer at all: kept.
  if (headers.get("Referrer-Policy") !== "no-referrer")
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Stripe signs its webhooks (payments and Connect); they are the cross-site POSTs we accept. */
const SIGNED_WEBHOOK_PATHS = new Set(["/api/payments/webhook", "/api/payments/connect-webhook"]);
/**
 * The unsubscribe link is authorised by its signed token alone (no cookie), and mail providers
 * post it from their own servers (RFC 8058 one-click), with no Origin: such a POST passes. A POST
 * that names another origin (or "null", a sandboxed or privacy-redirected page) comes from a page
 * that is not ours and is refused like every other cross-site write.
 */
const TOKEN_LINK_PATHS = new Set(["/unsubscribe", "/unsubscribe.data"]);

/**
 * CSRF defence in depth on top of SameSite=Lax: a state-changing request whose Origin (or, without
 * one, Sec-Fetch-Site) names another site is refused. Every current browser sends at least one of
 * the two on a write, so a write that carries cookies but neither header is not a page of ours
 * talking, and is refused too; a cookieless client (a script signing in) still gets through.
 */
export function isCrossSiteWrite(request: Request, appUrl: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (SIGNED_WEBHOOK_PATHS.has(url.pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin) {
    const allowed = new Set([url.origin]);
    if (appUrl) allowed.add(new URL(appUrl).origin);
    return !allowed.has(origin);
  }
  if (TOKEN_LINK_PATHS.has(url.pathname)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "cross-site";
  return Boolean(request.headers.get("Cookie"));
}

/**
 * A WebSocket handshake from a page that is not ours (docs/decisions/073). Sockets are not subject
 * to CORS, and the handshake is a GET that carries the session cookie wherever SameSite lets it
 * (a page of another origin on the same site, a browser that treats Lax loosely), so such a page
 * could otherwise read a thread's events as the signed-in reader. Browsers always send Origin on a
 * handshake: one without it, or naming another origin (or "null"), is refused.
 */
export function isCrossSiteSocket(request: Request, appUrl: string | undefined): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  const allowed = new Set([new URL(request.url).origin]);
  if (appUrl) allowed.add(new URL(appUrl).origin);
  return !allowed.has(origin);
}
