/**
 * A small, safe Markdown renderer for Learning Center articles (no dependency, no HTML string).
 *
 * It knows headings, paragraphs, emphasis (*em*, **strong**), unordered and ordered lists, links,
 * inline code, fenced code blocks and blockquotes. The text is parsed into a tree of plain nodes
 * and rendered as React elements, so every character a manager typed reaches the page as text:
 * raw HTML (`<script>`, `<img onerror>`), entities (`&lt;`) and attributes come out literally and
 * inert. A link keeps its address only when it is http, https or mailto (anything else, such as
 * `javascript:` or `data:`, is shown as plain text) and always gets rel="noopener noreferrer
 * nofollow".
 */
import { createElement, Fragment, type ReactNode } from "react";

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "em"; children: Inline[] }
  | { type: "strong"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "quote"; children: Block[] }
  | { type: "list"; ordered: boolean; items: Inline[][] };

/** Longest article the renderer reads (the form allows less); more is cut, never parsed. */
const MAX_SOURCE = 100_000;
/** Emphasis nested deeper than this is shown as text (no pathological recursion). */
const MAX_DEPTH = 8;

function isControlOrSpace(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** The address a link may keep: http(s) with a host, or mailto; null for anything else. */
export function safeHref(raw: string): string | null {
  const value = raw.trim();
  // Control characters and whitespace inside an address are how scheme filters get tricked.
  if (value === "" || Array.from(value).some(isControlOrSpace)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "") return url.href;
  if (url.protocol === "mailto:" && url.pathname !== "") return url.href;
  return null;
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const FENCE = /^(```|~~~)/;
const QUOTE = /^ {0,3}>[ ]?(.*)$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^ {0,3}\d{1,9}[.)][ \t]+(.*)$/;

/** Parses an article into blocks. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.slice(0, MAX_SOURCE).replace(/\r\n?/g, "\n").split("\n");
  return parseBlocks(lines, 0);
}

function parseBlocks(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line.trimStart());
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++; // the closing fence (or the end)
      blocks.push({ type: "code", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        type: "heading",
        level: heading[1]!.length,
        children: parseInline(heading[2]!, 0),
      });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) inner.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({
        type: "quote",
        children: depth < MAX_DEPTH ? parseBlocks(inner, depth + 1) : [paragraph(inner)],
      });
      continue;
    }
    const listPattern = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (listPattern) {
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== "") {
        const item = listPattern.exec(lines[i]!);
        if (item) items.push(item[1]!);
        else if (/^[ \t]+\S/.test(lines[i]!) && items.length > 0) items[items.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i++;
      }
      blocks.push({
        type: "list",
        ordered: listPattern === NUMBERED,
        items: items.map((item) => parseInline(item, 0)),
      });
      continue;
    }
    const text: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== "" && !startsBlock(lines[i]!)) text.push(lines[i++]!);
    if (text.length === 0) text.push(lines[i++]!);
    blocks.push(paragraph(text));
  }
  return blocks;
}

function startsBlock(line: string): boolean {
  return (
    FENCE.test(line.trimStart()) || HEADING.test(line) || QUOTE.test(line) || BULLET.test(line) || NUMBERED.test(line)
  );
}

function paragraph(lines: string[]): Block {
  return { type: "paragraph", children: parseInline(lines.map((line) => line.trim()).join(" "), 0) };
}

/** The index of the first `marker` at or after `from` not escaped by a backslash, or -1. */
function findClosing(text: string, marker: string, from: number): number {
  for (let i = from; i <= text.length - marker.length; i++) {
    if (text[i] === "\\") {
      i++;
      continue;
    }
    if (text.startsWith(marker, i)) return i;
  }
  return -1;
}

/** Parses inline Markdown into nodes; everything it does not understand stays text. */
export function parseInline(text: string, depth: number): Inline[] {
  const nodes: Inline[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) nodes.push({ type: "text", text: buffer });
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length && /[\\`*_[\]()#+\-.!>~]/.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (char === "`") {
      const end = text.indexOf("`", i + 1);
      if (end > i + 1) {
        flush();
        nodes.push({ type: "code", text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (char === "[" && depth < MAX_DEPTH) {
      const close = findClosing(text, "]", i + 1);
      if (close > i + 1 && text[close + 1] === "(") {
        const end = text.indexOf(")", close + 2);
        if (end > close + 1) {
          const label = text.slice(i + 1, close);
          const href = safeHref(text.slice(close + 2, end));
          flush();
          const children = parseInline(label, depth + 1);
          if (href) nodes.push({ type: "link", href, children });
          else nodes.push(...children);
          i = end + 1;
          continue;
        }
      }
    }
    if ((char === "*" || char === "_") && depth < MAX_DEPTH) {
      const double = text[i + 1] === char;
      const marker = double ? char + char : char;
      const start = i + marker.length;
      // An opening marker is followed by a non-space; `_` inside a word (snake_case) stays text.
      const opens = start < text.length && !/\s/.test(text[start]!) && !(char === "_" && /\w/.test(text[i - 1] ?? ""));
      if (opens) {
        const end = findClosing(text, marker, start + 1);
        if (end > start && !/\s/.test(text[end - 1]!)) {
          flush();
          const children = parseInline(text.slice(start, end), depth + 1);
          nodes.push(double ? { type: "strong", children } : { type: "em", children });
          i = end + marker.length;
          continue;
        }
      }
    }
    buffer += char;
    i++;
  }
  flush();
  return nodes;
}

const LINK_REL = "noopener noreferrer nofollow";

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return createElement(Fragment, { key: index }, node.text);
      case "code":
        return createElement("code", { key: index }, node.text);
      case "em":
        return createElement("em", { key: index }, ...renderInline(node.children));
      case "strong":
        return createElement("strong", { key: index }, ...renderInline(node.children));
      case "link":
        return createElement("a", { key: index, href: node.href, rel: LINK_REL }, ...renderInline(node.children));
    }
  });
}

function renderBlocks(blocks: Block[], headingOffset: number): ReactNode[] {
  return blocks.map((block, index) => {
    switch (block.type) {
      case "heading":
        return createElement(
          `h${Math.min(6, block.level + headingOffset)}`,
          { key: index },
          ...renderInline(block.children),
        );
      case "paragraph":
        return createElement("p", { key: index }, ...renderInline(block.children));
      case "code":
        return createElement("pre", { key: index }, createElement("code", null, block.text));
      case "quote":
        return createElement("blockquote", { key: index }, ...renderBlocks(block.children, headingOffset));
      case "list":
        return createElement(
          block.ordered ? "ol" : "ul",
          { key: index },
          ...block.items.map((item, itemIndex) => createElement("li", { key: itemIndex }, ...renderInline(item))),
        );
    }
  });
}

/**
 * The article as React elements. `headingOffset` shifts heading levels (1: `#` becomes an h2,
 * under the page's h1).
 */
export function renderMarkdown(source: string, { headingOffset = 1 }: { headingOffset?: number } = {}): ReactNode {
  return createElement(Fragment, null, ...renderBlocks(parseMarkdown(source), headingOffset));
}
