import { jsonResponse } from "~/http/http.server";

/** Unknown API paths answer JSON, not the HTML 404 page; the paths that exist are in /api/openapi.json. */
function notFound() {
  return jsonResponse({ msg: "Not found." }, { status: 404 });
}

export const loader = notFound;
export const action = notFound;
