import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { learningItems, learningProgress, learningVisits } from "~db/schema";
import { FILE_REJECTED_MESSAGE } from "~/lib/files/file-rules";
import { LEARNING_COPY, LEARNING_FIELD_ERRORS } from "~/lib/learning/learning-copy";
import { png, xlsx } from "../../support/sample-files";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { call, db, html, postForm, setPlan } from "../helpers";

/** A console form as the browser posts it (multipart: a template carries its file). */
function postMultipart(
  path: string,
  fields: Record<string, string>,
  cookie: string | null,
  file?: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new File([file.bytes], file.name, { type: file.type ?? "application/octet-stream" }));
  return call(path, { method: "POST", body: form, cookie });
}

const itemByTitle = async (title: string) =>
  (await db().select().from(learningItems).where(eq(learningItems.title, title)))[0];

const progressOf = (itemId: string) => db().select().from(learningProgress).where(eq(learningProgress.itemId, itemId));

const XSS = [
  "# Cash <script>alert('h')</script>",
  "",
  "Read <img src=x onerror=\"alert('img')\"> and [this](javascript:alert('link')) and [that](https://ok.example.test/a).",
  "",
  '<a href="javascript:alert(1)" onclick="alert(2)">raw</a> &lt;b&gt;entity&lt;/b&gt;',
  "",
  "- **bold** item",
  "- `<script>` in code",
].join("\n");

async function createAndPublish(
  manager: { token: string },
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const created = await postMultipart("/manage/learning?index", { intent: "create", ...fields }, manager.token, file);
  expect(created.status, await created.clone().text()).toBe(200);
  const item = (await itemByTitle(fields.title!))!;
  const published = await postForm(`/manage/learning/${item.id}`, { intent: "publish" }, manager.token);
  expect(published.status).toBe(200);
  return item.id;
}

describe("/manage/learning (managers)", () => {
  it("creates a draft article, publishes and unpublishes it once each, archives it; clients see it only while published", async () => {
    const manager = await signedInManager();
    const title = `Cash habits ${crypto.randomUUID().slice(0, 8)}`;
    const created = await postMultipart(
      "/manage/learning?index",
      {
        intent: "create",
        kind: "article",
        title,
        summary: "Weekly habits.",
        area: "finance",
        bodyMarkdown: XSS,
        access: "perk",
      },
      manager.token,
    );
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(html(LEARNING_COPY.created));
    const item = (await itemByTitle(title))!;
    expect(item).toMatchObject({ kind: "article", area: "finance", allowedTiers: ["PREMIUM"], publishedAt: null });
    expect(item.createdById).toBe(manager.user.id);

    const client = await signedInClient();
    await setPlan(client.business.id, "PREMIUM");
    expect((await call(`/learning/${item.id}`, { cookie: client.token })).status).toBe(404);
    expect(await (await call("/learning", { cookie: client.token })).text()).not.toContain(html(title));

    for (const expected of [LEARNING_COPY.publishedConfirmation, LEARNING_COPY.alreadyPublished]) {
      const response = await postForm(`/manage/learning/${item.id}`, { intent: "publish" }, manager.token);
      expect(await response.text()).toContain(html(expected));
    }
    const list = await (await call("/manage/learning", { cookie: manager.token })).text();
    expect(list).toContain(html(title));
    expect(list).toContain(LEARNING_COPY.statusPublished);
    expect((await call(`/learning/${item.id}`, { cookie: client.token })).status).toBe(200);

    for (const expected of [LEARNING_COPY.unpublished, LEARNING_COPY.alreadyUnpublished]) {
      const response = await postForm(`/manage/learning/${item.id}`, { intent: "unpublish" }, manager.token);
      expect(await response.text()).toContain(html(expected));
    }
    expect((await call(`/learning/${item.id}`, { cookie: client.token })).status).toBe(404);

    await postForm(`/manage/learning/${item.id}`, { intent: "publish" }, manager.token);
    for (const expected of [LEARNING_COPY.archived, LEARNING_COPY.alreadyArchived]) {
      const response = await postForm(`/manage/learning/${item.id}`, { intent: "archive" }, manager.token);
      expect(await response.text()).toContain(html(expected));
    }
    expect((await call(`/learning/${item.id}`, { cookie: client.token })).status).toBe(404);
    expect(await (await call("/learning", { cookie: client.token })).text()).not.toContain(html(title));
    const edit = await postMultipart(
      `/manage/learning/${item.id}`,
      { intent: "update", kind: "article", title: "Changed", area: "finance", bodyMarkdown: "x", access: "all" },
      manager.token,
    );
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain(html(LEARNING_COPY.archivedEdit));
    const republish = await postForm(`/manage/learning/${item.id}`, { intent: "publish" }, manager.token);
    expect(republish.status).toBe(409);
    expect(await republish.text()).toContain(html(LEARNING_COPY.archivedEdit));
    expect((await itemByTitle(title))!.archivedAt).not.toBeNull();
  });

  it("renders an article's Markdown inert: script tags, event handlers, javascript: links and entities stay text", async () => {
    const manager = await signedInManager();
    const title = `XSS check ${crypto.randomUUID().slice(0, 8)}`;
    const id = await createAndPublish(manager, {
      kind: "article",
      title,
      area: "strategy",
      bodyMarkdown: XSS,
      access: "all",
    });
    const client = await signedInClient();
    for (const [path, cookie] of [
      [`/learning/${id}`, client.token],
      [`/manage/learning/${id}`, manager.token],
    ] as const) {
      const page = await call(path, { cookie });
      expect(page.status).toBe(200);
      const text = await page.text();
      const article = text.slice(text.indexOf('class="learning-article"'));
      const body = article.slice(0, article.indexOf("</div>"));
      expect(body).toContain("<h2>Cash &lt;script&gt;alert(&#x27;h&#x27;)&lt;/script&gt;</h2>");
      expect(body).toContain("&lt;img src=x onerror=&quot;alert(&#x27;img&#x27;)&quot;&gt;");
      expect(body).toContain('<a href="https://ok.example.test/a" rel="noopener noreferrer nofollow">that</a>');
      expect(body).toContain("&amp;lt;b&amp;gt;entity&amp;lt;/b&amp;gt;");
      expect(body).toContain("<li><code>&lt;script&gt;</code> in code</li>");
      // No real tag of those, no handler attribute inside a real tag, no javascript: address.
      expect(body).not.toMatch(/<(script|img|svg)\b/i);
      expect(body).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
      expect(body).not.toMatch(/href="javascript:/i);
      // The JSON the page hydrates from carries the Markdown as data only.
      expect(text).not.toContain("<script>alert");
    }
  });

  it("uploads a template through the file rules, refuses a disguised file and writes nothing", async () => {
    const manager = await signedInManager();
    const before = (await db().select().from(learningItems)).length;
    const fake = await postMultipart(
      "/manage/learning?index",
      { intent: "create", kind: "template", title: "Fake budget", area: "finance", access: "perk" },
      manager.token,
      { name: "budget.xlsx", bytes: png() },
    );
    expect(fake.status).toBe(400);
    expect(await fake.text()).toContain(html(FILE_REJECTED_MESSAGE));
    const missing = await postMultipart(
      "/manage/learning?index",
      { intent: "create", kind: "template", title: "No file", area: "finance", access: "perk" },
      manager.token,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(html(LEARNING_FIELD_ERRORS.file));
    const badVideo = await postMultipart(
      "/manage/learning?index",
      {
        intent: "create",
        kind: "video",
        title: "Bad video",
        area: "sales",
        videoUrl: "javascript:alert(1)",
        access: "perk",
      },
      manager.token,
    );
    expect(badVideo.status).toBe(400);
    expect(await badVideo.text()).toContain(html(LEARNING_FIELD_ERRORS.videoUrl));
    const junk = await postMultipart("/manage/learning?index", { intent: "destroy" }, manager.token);
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain(html(LEARNING_COPY.consoleChooseAction));
    // Files aside, a console form has the 1 MB cap of every form: a 2 MB form without a file, or a
    // multipart form whose text fields come to 2 MB, is refused (413) and writes nothing.
    const big = "x".repeat(2 * 1024 * 1024);
    const fields = { intent: "create", kind: "article", title: "Too long", area: "finance", access: "perk" };
    const plain = await postForm("/manage/learning?index", { ...fields, body: big }, manager.token);
    expect(plain.status).toBe(413);
    expect(await plain.text()).toBe("The request is too large.");
    const onItem = await postForm("/manage/learning/any-item", { intent: "publish", body: big }, manager.token);
    expect(onItem.status).toBe(413);
    const textPart = await postMultipart("/manage/learning?index", { ...fields, body: big }, manager.token);
    expect(textPart.status).toBe(413);
    expect(await textPart.text()).toContain("The request is too large.");
    expect((await db().select().from(learningItems)).length).toBe(before);
  });

  it("edits an item: a new template file replaces the old object; another kind drops the file; invalid fields change nothing", async () => {
    const manager = await signedInManager();
    const title = `Scorecard ${crypto.randomUUID().slice(0, 8)}`;
    const fields = { intent: "create", kind: "template", title, area: "management", access: "perk" };
    await postMultipart("/manage/learning?index", fields, manager.token, { name: "scorecard.xlsx", bytes: xlsx() });
    const item = (await itemByTitle(title))!;
    const firstKey = item.fileKey!;
    expect(await env.FILES.head(firstKey)).not.toBeNull();

    // Saving without a new file keeps the current one.
    const kept = await postMultipart(
      `/manage/learning/${item.id}`,
      { ...fields, intent: "update", summary: "Twelve measures.", access: "all" },
      manager.token,
    );
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain(html(LEARNING_COPY.updated));
    expect(await itemByTitle(title)).toMatchObject({
      fileKey: firstKey,
      summary: "Twelve measures.",
      allowedTiers: ["BASIC", "STANDARD", "PREMIUM"],
    });

    const replaced = await postMultipart(
      `/manage/learning/${item.id}`,
      { ...fields, intent: "update" },
      manager.token,
      { name: "Scorecard v2.xlsx", bytes: xlsx() },
    );
    expect(replaced.status).toBe(200);
    const after = (await itemByTitle(title))!;
    expect(after.fileKey).not.toBe(firstKey);
    expect(after.fileName).toBe("Scorecard v2.xlsx");
    expect(await env.FILES.head(firstKey)).toBeNull();
    expect(await env.FILES.head(after.fileKey!)).not.toBeNull();

    const article = await postMultipart(
      `/manage/learning/${item.id}`,
      { ...fields, intent: "update", kind: "article", bodyMarkdown: "Now an article." },
      manager.token,
    );
    expect(article.status).toBe(200);
    const asArticle = (await itemByTitle(title))!;
    expect(asArticle).toMatchObject({
      kind: "article",
      fileKey: null,
      fileName: null,
      bodyMarkdown: "Now an article.",
    });
    expect(await env.FILES.head(after.fileKey!)).toBeNull();

    const invalid = await postMultipart(
      `/manage/learning/${item.id}`,
      { ...fields, intent: "update", kind: "article", bodyMarkdown: "", title: "" },
      manager.token,
    );
    expect(invalid.status).toBe(400);
    const text = await invalid.text();
    expect(text).toContain(html(LEARNING_FIELD_ERRORS.title));
    expect(text).toContain(html(LEARNING_FIELD_ERRORS.body));
    expect((await itemByTitle(title))!.bodyMarkdown).toBe("Now an article.");
  });

  it("is for managers only: clients, consultants and visitors get 404, an unknown item 404", async () => {
    const client = await signedInClient();
    const consultant = await signedInConsultant();
    const manager = await signedInManager();
    const id = await createAndPublish(manager, {
      kind: "article",
      title: `Staff only ${crypto.randomUUID().slice(0, 8)}`,
      area: "hr",
      bodyMarkdown: "Hello",
      access: "all",
    });
    for (const cookie of [client.token, consultant.token, null]) {
      expect((await call("/manage/learning", { cookie })).status).toBe(404);
      expect((await call(`/manage/learning/${id}`, { cookie })).status).toBe(404);
      const post = await postForm(`/manage/learning/${id}`, { intent: "archive" }, cookie);
      expect(post.status).toBe(404);
    }
    expect(
      (await itemByTitle((await db().select().from(learningItems).where(eq(learningItems.id, id)))[0]!.title))!
        .archivedAt,
    ).toBeNull();
    expect((await call(`/manage/learning/${crypto.randomUUID()}`, { cookie: manager.token })).status).toBe(404);
    const unknown = await postForm(`/manage/learning/${crypto.randomUUID()}`, { intent: "publish" }, manager.token);
    expect(unknown.status).toBe(404);
  });
});

describe("/learning (clients)", () => {
  it("templates open to STARTER: downloads as an attachment; BASIC sees it locked with the plans and gets 403", async () => {
    const manager = await signedInManager();
    const title = `Budget workbook ${crypto.randomUUID().slice(0, 8)}`;
    const bytes = xlsx();
    const id = await createAndPublish(
      manager,
      { kind: "template", title, area: "finance", summary: "Plan the year.", access: "perk" },
      { name: "Annual Budget.xlsx", bytes },
    );
    const item = (await itemByTitle(title))!;
    expect(item.allowedTiers).toEqual(["STANDARD", "PREMIUM"]);
    expect(item.fileKey).toMatch(/^learning\/[0-9a-f-]{36}\.xlsx$/);
    expect(item.fileSizeBytes).toBe(bytes.byteLength);

    const starter = await signedInClient();
    await setPlan(starter.business.id, "STANDARD");
    const page = await (await call(`/learning/${id}`, { cookie: starter.token })).text();
    expect(page).toContain(LEARNING_COPY.download);
    expect(page).toContain(`href="/learning/${id}/file"`);
    const download = await call(`/learning/${id}/file`, { cookie: starter.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(download.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"Annual Budget.xlsx\"; filename*=UTF-8''Annual%20Budget.xlsx",
    );
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);

    const basic = await signedInClient();
    const list = await (await call("/learning", { cookie: basic.token })).text();
    expect(list).toContain(html(title));
    expect(list).toContain("Included in the STARTER and SCALE plans.");
    expect(list).toContain('href="/plan-select"');
    const locked = await (await call(`/learning/${id}`, { cookie: basic.token })).text();
    expect(locked).toContain("This is included in the STARTER and SCALE plans. Upgrade your plan to open it.");
    expect(locked).not.toContain(`/learning/${id}/file`);
    expect((await call(`/learning/${id}/file`, { cookie: basic.token })).status).toBe(403);
    const mark = await postForm("/learning", { intent: "done", itemId: id }, basic.token);
    expect(mark.status).toBe(403);
    expect(await progressOf(id)).toHaveLength(0);

    // Visitors sign in; staff go to their own home; unknown or malformed ids are 404.
    const anonymous = await call(`/learning/${id}/file`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    expect((await call(`/learning/${id}/file`, { cookie: manager.token })).status).toBe(302);
    expect((await call(`/learning/${crypto.randomUUID()}/file`, { cookie: starter.token })).status).toBe(404);
    expect((await call("/learning/not-an-id/file", { cookie: starter.token })).status).toBe(404);
    expect((await call("/learning", { cookie: null })).status).toBe(302);
    const consultant = await signedInConsultant();
    expect((await call("/learning", { cookie: consultant.token })).status).toBe(302);
    expect((await call(`/learning/${id}`, { cookie: consultant.token })).status).toBe(302);
  });

  it("marks done and not done idempotently, per user", async () => {
    const manager = await signedInManager();
    const id = await createAndPublish(manager, {
      kind: "article",
      title: `Hiring basics ${crypto.randomUUID().slice(0, 8)}`,
      area: "hr",
      bodyMarkdown: "Hire slowly.",
      access: "all",
    });
    const client = await signedInClient();
    for (let i = 0; i < 2; i++) {
      const response = await postForm("/learning", { intent: "done", itemId: id }, client.token);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(html(LEARNING_COPY.markedDone));
    }
    expect(await progressOf(id)).toHaveLength(1);
    const page = await (await call(`/learning/${id}`, { cookie: client.token })).text();
    expect(page).toContain(`>${LEARNING_COPY.doneBadge}<`);
    expect(page).toContain(LEARNING_COPY.markNotDone);
    const other = await signedInClient();
    await postForm(`/learning/${id}`, { intent: "undone", itemId: id }, other.token);
    expect(await progressOf(id)).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const response = await postForm(`/learning/${id}`, { intent: "undone", itemId: id }, client.token);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(html(LEARNING_COPY.markedNotDone));
    }
    expect(await progressOf(id)).toHaveLength(0);

    const junk = await postForm("/learning", { intent: "finish", itemId: id }, client.token);
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain(html(LEARNING_COPY.chooseAction));
    const mismatch = await postForm(`/learning/${id}`, { intent: "done", itemId: crypto.randomUUID() }, client.token);
    expect(mismatch.status).toBe(400);
    const unknown = await postForm("/learning", { intent: "done", itemId: crypto.randomUUID() }, client.token);
    expect(unknown.status).toBe(404);
    const anonymous = await postForm("/learning", { intent: "done", itemId: id }, null);
    expect(anonymous.status).toBe(302);
    expect(await progressOf(id)).toHaveLength(0);
  });

  it("marks New what was published since the previous visit, filters by area and kind, and embeds videos", async () => {
    const manager = await signedInManager();
    const client = await signedInClient();
    await setPlan(client.business.id, "PREMIUM");
    const oldTitle = `Older read ${crypto.randomUUID().slice(0, 8)}`;
    const oldId = await createAndPublish(manager, {
      kind: "article",
      title: oldTitle,
      area: "operations",
      bodyMarkdown: "Old news.",
      access: "perk",
    });
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await db()
      .update(learningItems)
      .set({ publishedAt: new Date(hourAgo.getTime() - 60 * 60 * 1000) })
      .where(eq(learningItems.id, oldId));
    // First visit: there is no last visit, so nothing is new (issue #36).
    const first = await (await call("/learning", { cookie: client.token })).text();
    expect(first).toContain(html(oldTitle));
    expect(first).not.toContain(`>${LEARNING_COPY.newBadge}<`);
    // The visit was an hour ago; a video is published after it.
    await db().update(learningVisits).set({ seenAt: hourAgo }).where(eq(learningVisits.userId, client.user.id));
    const videoTitle = `Pricing talk ${crypto.randomUUID().slice(0, 8)}`;
    const videoId = await createAndPublish(manager, {
      kind: "video",
      title: videoTitle,
      area: "sales",
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      access: "perk",
    });
    const second = await (await call("/learning", { cookie: client.token })).text();
    const cardOf = (text: string, title: string) => {
      const start = text.indexOf(html(title));
      return text.slice(start, text.indexOf("</article>", start));
    };
    expect(cardOf(second, videoTitle)).toContain(`>${LEARNING_COPY.newBadge}<`);
    expect(cardOf(second, oldTitle)).not.toContain(`>${LEARNING_COPY.newBadge}<`);
    // Reloading within the same visit keeps the same badges.
    const reload = await (await call("/learning", { cookie: client.token })).text();
    expect(cardOf(reload, videoTitle)).toContain(`>${LEARNING_COPY.newBadge}<`);

    const filtered = await (await call("/learning?area=sales&kind=video", { cookie: client.token })).text();
    expect(filtered).toContain(html(videoTitle));
    expect(filtered).not.toContain(html(oldTitle));
    const none = await (await call("/learning?area=hr&kind=template", { cookie: client.token })).text();
    expect(none).not.toContain(html(videoTitle));

    const video = await (await call(`/learning/${videoId}`, { cookie: client.token })).text();
    expect(video).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(video).toContain(`title="${html(LEARNING_COPY.videoFrameTitle(videoTitle))}"`);
    const csp = (await call(`/learning/${videoId}`, { cookie: client.token })).headers.get("Content-Security-Policy");
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com");
    const basic = await signedInClient();
    const lockedVideo = await (await call(`/learning/${videoId}`, { cookie: basic.token })).text();
    expect(lockedVideo).not.toContain("youtube");
    expect(lockedVideo).toContain("This is included in the SCALE plan. Upgrade your plan to open it.");
  });

  it("the dashboard's Learning Center and Featured video cards show live content", async () => {
    const manager = await signedInManager();
    const client = await signedInClient();
    await setPlan(client.business.id, "PREMIUM");
    const videoTitle = `Featured ${crypto.randomUUID().slice(0, 8)}`;
    await createAndPublish(manager, {
      kind: "video",
      title: videoTitle,
      area: "leadership",
      videoUrl: "https://vimeo.com/76979871",
      access: "perk",
    });
    const text = await (await call("/dashboard", { cookie: client.token })).text();
    const card = text.slice(text.indexOf('id="learning-card"'));
    expect(card).toContain(html(videoTitle));
    // The client has never opened the Learning Center: nothing counts as new on a first visit.
    expect(card).not.toContain("new since your last visit");
    expect(card).toContain('href="/learning"');
    expect(text).toContain('id="featured-video-card"');
    // The player loads only on Play: the dashboard itself calls no video site.
    const featured = text.slice(text.indexOf('id="featured-video-card"'));
    expect(featured).toContain(html(videoTitle));
    expect(featured).toContain(`aria-label="${html(LEARNING_COPY.playVideo(videoTitle))}"`);
    expect(featured.slice(0, featured.indexOf("</section>"))).not.toContain("<iframe");
    const basic = await signedInClient();
    const basicText = await (await call("/dashboard", { cookie: basic.token })).text();
    expect(basicText).not.toContain("player.vimeo.com");
    expect(basicText).toContain(LEARNING_COPY.featuredVideoLocked);
  });
});
