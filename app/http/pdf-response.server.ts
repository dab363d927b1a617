/** A PDF download (a receipt, a statement): its length known, never cached. */
export function pdfResponse(bytes: Uint8Array<ArrayBuffer>, fileName: string): Response {
  return new Response(bytes, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
