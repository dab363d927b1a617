// The demo's Documents Hub, made the way a person makes it: demo@partwise.test uploads company
// documents through the hub's own form (/features?focus=Documents, multipart, no JavaScript) into
// two folders, and shares the inventory count sheet with her active Strategy engagement's match
// request through the document's Share form. Run after the engagement flows (the match must
// exist); a second run changes nothing (it stops when the handbook is already in the hub).
//
// What a new user finds afterwards: in the hub, "Employee handbook 2026.pdf" and "Safety
// checklist.pdf" in Policies, "Monthly sales 2026.csv" and "Inventory count sheet.pdf" in Finance
// (the sheet shared with the Strategy match request, so its consultant and engagement manager can
// download it), and "Store floor plan.png" in no folder; beside them the files of her requests,
// deliverables and signed statements of work; the dashboard's Documents Hub card counts them.

import { crc32, deflateSync } from "node:zlib";
import { CLIENT, Session } from "./demo-session.mjs";

const HUB = "/features?focus=Documents";

/** A one-page PDF with one line of text and a byte-exact xref table (the upload checks it). */
function pdf(line) {
  const content = `BT /F1 14 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.7\n";
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

function u32(value) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
}

function chunk(type, data = Buffer.alloc(0)) {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  return Buffer.concat([u32(data.length), typeAndData, u32(crc32(typeAndData))]);
}

/** A small RGB PNG: a grey floor with a blue aisle. */
function png(width = 24, height = 16) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const aisle = x >= 10 && x < 14;
      row.set(aisle ? [0x1d, 0x4e, 0xd8] : [0xdd, 0xe3, 0xec], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND"),
  ]);
}

const csv = (text) => Buffer.from(text, "utf8");

export const DEMO_DOCUMENTS = [
  {
    folder: "Policies",
    files: [
      { name: "Employee handbook 2026.pdf", type: "application/pdf", bytes: pdf("Employee handbook 2026") },
      { name: "Safety checklist.pdf", type: "application/pdf", bytes: pdf("Store safety checklist") },
    ],
  },
  {
    folder: "Finance",
    files: [
      {
        name: "Monthly sales 2026.csv",
        type: "text/csv",
        bytes: csv(
          "Month,Store 1,Store 2,Web shop\nJan,48200,31900,12400\nFeb,45100,30200,13800\nMar,51800,33400,15100\n",
        ),
      },
      { name: "Inventory count sheet.pdf", type: "application/pdf", bytes: pdf("Inventory count sheet, Q3") },
    ],
  },
  { folder: "", files: [{ name: "Store floor plan.png", type: "image/png", bytes: png() }] },
];

export const SHARED_DOCUMENT = "Inventory count sheet.pdf";

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

/** The file id in the hub's HTML: the first hidden fileId field after the document's name. */
function fileIdAfter(html, name) {
  const at = html.indexOf(`>${escapeHtml(name)}</h3>`);
  if (at < 0) return null;
  return /name="fileId" value="([0-9a-f-]{36})"/.exec(html.slice(at))?.[1] ?? null;
}

export async function playDocumentFlows(baseURL, { log = console.log } = {}) {
  const client = await new Session(baseURL, "demo business").signIn(CLIENT);
  const before = await client.page(HUB);
  if (before.includes(`>${DEMO_DOCUMENTS[0].files[0].name}</h3>`)) {
    log("demo flows: the demo documents already exist");
    return { played: false };
  }
  for (const group of DEMO_DOCUMENTS) {
    const form = new FormData();
    form.append("intent", "document-upload");
    form.append("folder", group.folder);
    for (const file of group.files) form.append("files", new Blob([file.bytes], { type: file.type }), file.name);
    await client.multipart(HUB, form);
  }
  const hub = await client.page(HUB);
  const fileId = fileIdAfter(hub, SHARED_DOCUMENT);
  if (!fileId) throw new Error("demo flows: the inventory count sheet is not in the hub after its upload");
  // The share form's options name each match request; the active engagement's is the Strategy one.
  const matchId = /<option value="([^"]+)">Strategy match request of /.exec(hub)?.[1];
  if (!matchId) throw new Error("demo flows: the demo business has no Strategy match request to share with");
  await client.form(HUB, { intent: "document-share", fileId, matchId });
  log("demo flows: demo@ uploaded five company documents into two folders and shared one with her Strategy match");
  return { played: true };
}
