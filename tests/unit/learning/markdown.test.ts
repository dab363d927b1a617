import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseMarkdown, renderMarkdown, safeHref } from "~/lib/learning/markdown";

const render = (source: string) => renderToStaticMarkup(renderMarkdown(source));

describe("the Markdown renderer", () => {
  it("renders headings, paragraphs, emphasis, lists, links, code and quotes", () => {
    expect(render("# Plan the year\n\nStart with **cash** and *people*.")).toBe(
      "<h2>Plan the year</h2><p>Start with <strong>cash</strong> and <em>people</em>.</p>",
    );
    expect(render("- one\n- two\n  continued\n\n1. first\n2. second")).toBe(
      "<ul><li>one</li><li>two continued</li></ul><ol><li>first</li><li>second</li></ol>",
    );
    expect(render("See [the guide](https://example.test/guide?a=1&b=2) or `=SUM(B2:B13)`.")).toBe(
      '<p>See <a href="https://example.test/guide?a=1&amp;b=2" rel="noopener noreferrer nofollow">the guide</a> or <code>=SUM(B2:B13)</code>.</p>',
    );
    expect(render("```\nconst x = 1 < 2;\n```")).toBe("<pre><code>const x = 1 &lt; 2;</code></pre>");
    expect(render("> Cash is a fact.\n> Profit is an opinion.")).toBe(
      "<blockquote><p>Cash is a fact. Profit is an opinion.</p></blockquote>",
    );
    expect(render("### Small\n###### Tiny")).toBe("<h4>Small</h4><h6>Tiny</h6>");
    expect(render("[Write to us](mailto:team@partwise.test)")).toBe(
      '<p><a href="mailto:team@partwise.test" rel="noopener noreferrer nofollow">Write to us</a></p>',
    );
    expect(render("snake_case_name and 2 * 3 * 4")).toBe("<p>snake_case_name and 2 * 3 * 4</p>");
    expect(render("\\*not emphasis\\*")).toBe("<p>*not emphasis*</p>");
  });

  it("shows raw HTML and script tags as text", () => {
    expect(render("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(render('<img src=x onerror="alert(1)">')).toBe("<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>");
    expect(render("**<b onmouseover=alert(1)>bold</b>**")).toBe(
      "<p><strong>&lt;b onmouseover=alert(1)&gt;bold&lt;/b&gt;</strong></p>",
    );
    expect(render("```\n</code></pre><script>alert(1)</script>\n```")).toBe(
      "<pre><code>&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>",
    );
    expect(render("# <svg onload=alert(1)>")).toBe("<h2>&lt;svg onload=alert(1)&gt;</h2>");
  });

  it("keeps HTML entities literal (no double decoding into markup)", () => {
    expect(render("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe(
      "<p>&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;</p>",
    );
    // The address ends at the first ")"; it is not a URL, so no link, and the rest is text.
    expect(render("[x](&#106;avascript:alert(1))")).toBe("<p>x)</p>");
  });

  it("drops unsafe link addresses and keeps the label as text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "/relative/path",
      "//evil.test/x",
      "https://",
    ]) {
      const html = render(`[click](${href})`);
      expect(html, href).not.toContain("<a");
      expect(html, href).toContain("click");
    }
    expect(render("[nested [link](javascript:alert(1))](https://ok.test)")).not.toContain("javascript:");
  });

  it("accepts only http, https and mailto addresses", () => {
    expect(safeHref("https://example.test/a")).toBe("https://example.test/a");
    expect(safeHref("http://example.test")).toBe("http://example.test/");
    expect(safeHref("mailto:a@b.test")).toBe("mailto:a@b.test");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("https://exa mple.test")).toBeNull();
    expect(safeHref("ftp://example.test")).toBeNull();
  });

  it("parses into plain nodes and survives pathological input", () => {
    expect(parseMarkdown("Hello")).toEqual([{ type: "paragraph", children: [{ type: "text", text: "Hello" }] }]);
    const deep = `${"*".repeat(2000)}x${"*".repeat(2000)}`;
    expect(() => render(deep)).not.toThrow();
    const quotes = `${">".repeat(500)} deep`;
    expect(render(quotes)).toContain("deep");
    expect(render("[".repeat(3000))).toContain("[[[");
  });
});
