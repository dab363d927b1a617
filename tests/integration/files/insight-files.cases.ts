import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { files, insightRequests, matchRequests } from "~db/schema";
import { create, FILES_INVALID, filesOf, payload, PDF_BYTES, requestsOf, uploadPdf, call, db } from "../helpers";
import { signedInClient, signedInManager, signedInConsultant } from "../../factories";

type View = { _id: string; files: { fileName: string; originalName: string; size: number }[] };

const getFile = (fileName: string, token?: string | null) =>
  call(`/api/file-handling/get-file/${fileName}`, { cookie: token });

describe("insight request files", () => {
  it("links the caller's uploads to the new request in the same write", async () => {
    const { business, token } = await signedInClient();
    const pdf = await uploadPdf(token, "Q3 stock report.pdf");
    const second = await uploadPdf(token, "Supplier list.pdf");
    const response = await create(token, payload(business.id, { files: [pdf, second, pdf] }));
    expect(response.status).toBe(201);
    const view = ((await response.json()) as { insightRequest: View }).insightRequest;
    expect(view.files).toHaveLength(2);
    expect(view.files).toEqual(
      expect.arrayContaining([
        { fileName: pdf, originalName: "Q3 stock report.pdf", size: PDF_BYTES.length },
        { fileName: second, originalName: "Supplier list.pdf", size: PDF_BYTES.length },
      ]),
    );
    const rows = await filesOf(business.id);
    expect(rows.map((row) => [row.insightRequestId, row.purpose])).toEqual([
      [view._id, "insight_request"],
      [view._id, "insight_request"],
    ]);

    // A file already linked can't be attached to another request.
    const again = await create(token, payload(business.id, { files: [pdf] }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ msg: FILES_INVALID, errors: { files: FILES_INVALID } });
    expect(await requestsOf(business.id)).toHaveLength(1);
  });

  it("another business's, unknown or malformed names → 400, and nothing is written", async () => {
    const other = await signedInClient();
    const foreign = await uploadPdf(other.token);
    const { business, token } = await signedInClient();
    const mine = await uploadPdf(token);

    for (const names of [
      [foreign],
      [mine, foreign],
      [`${crypto.randomUUID()}.pdf`],
      ["../x.pdf"],
      [`biz/${other.business.id}/${foreign}`],
    ]) {
      const response = await create(token, payload(business.id, { files: names }));
      expect(response.status, names.join()).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(FILES_INVALID);
    }
    expect(await requestsOf(business.id)).toHaveLength(0);
    const [myFile] = await filesOf(business.id);
    expect(myFile).toMatchObject({ insightRequestId: null, purpose: "other" });
    const [theirFile] = await filesOf(other.business.id);
    expect(theirFile).toMatchObject({ insightRequestId: null, purpose: "other" });
  });
});

describe("GET /api/file-handling/get-file/{fileName} — staff access", () => {
  it("the business gets its file; a manager only once the request is assigned to them; everyone else 404", async () => {
    const { business, token } = await signedInClient();
    const pdf = await uploadPdf(token, "Q3 stock report.pdf");
    const response = await create(token, payload(business.id, { files: [pdf] }));
    const view = ((await response.json()) as { insightRequest: View }).insightRequest;

    const own = await getFile(pdf, token);
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF_BYTES);

    const manager = await signedInManager();
    const colleague = await signedInManager();
    const consultant = await signedInConsultant();
    const stranger = await signedInClient();

    const unassigned = await getFile(pdf, manager.token);
    expect(unassigned.status).toBe(404);
    expect(await unassigned.json()).toEqual({ msg: "File not found." });

    await db()
      .update(insightRequests)
      .set({ assignedManagerId: manager.user.id })
      .where(eq(insightRequests.id, view._id));
    const assigned = await getFile(pdf, manager.token);
    expect(assigned.status).toBe(200);
    expect(assigned.headers.get("Content-Type")).toBe("application/pdf");
    expect(assigned.headers.get("Content-Disposition")).toContain("attachment");
    expect(assigned.headers.get("Content-Disposition")).toContain("Q3 stock report.pdf");
    expect(assigned.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(assigned.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await assigned.arrayBuffer())).toEqual(PDF_BYTES);

    for (const other of [colleague.token, consultant.token, stranger.token]) {
      const refused = await getFile(pdf, other);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ msg: "File not found." });
    }
    expect((await getFile(pdf)).status).toBe(401);
    // A malformed name or an unlinked file of the business is not reachable by the manager.
    expect((await getFile("..%2Fsecret.pdf", manager.token)).status).toBe(404);
    const loose = await uploadPdf(token, "Loose.pdf");
    expect((await getFile(loose, manager.token)).status).toBe(404);
    expect((await getFile(loose, token)).status).toBe(200);
  });

  it("a manager assigned to a match request gets the files linked to it", async () => {
    const { user, business, token } = await signedInClient();
    const pdf = await uploadPdf(token);
    const manager = await signedInManager();
    const matchId = crypto.randomUUID();
    await db().insert(matchRequests).values({
      id: matchId,
      businessId: business.id,
      createdByUserId: user.id,
      category: "finance",
      assignedManagerId: manager.user.id,
    });
    expect((await getFile(pdf, manager.token)).status).toBe(404);
    await db()
      .update(files)
      .set({ matchRequestId: matchId, purpose: "match_request" })
      .where(eq(files.businessId, business.id));
    expect((await getFile(pdf, manager.token)).status).toBe(200);

    // A missing R2 object answers 404, not 500.
    await env.FILES.delete(`biz/${business.id}/${pdf}`);
    expect((await getFile(pdf, manager.token)).status).toBe(404);
    expect((await getFile(pdf, token)).status).toBe(404);
  });
});
