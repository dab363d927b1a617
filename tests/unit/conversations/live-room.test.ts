import { describe, expect, it } from "vitest";
import * as app from "~/lib/conversations/live-room";
import * as worker from "../../../functions/thread-room-protocol";

// The Worker entry holds no app code (ADR 042), so the room's protocol is written twice: once for
// the Worker and the Durable Object, once for the app and the browser (docs/decisions/073).
describe("the thread room's protocol", () => {
  it("is the same on the Worker's side and the app's", () => {
    expect(Object.keys(app).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(app)) {
      expect(worker[name as keyof typeof worker], name).toEqual(value);
    }
  });
});
