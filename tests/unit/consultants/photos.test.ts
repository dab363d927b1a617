import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES, PROFILE_TEXTS } from "~/lib/consultants/profile";
import { checkPhoto, photoKey } from "~/server/consultants/photos.server";
import { jpeg, png } from "../../support/sample-files";

describe("checkPhoto", () => {
  it("knows PNG and JPEG by their bytes", () => {
    expect(checkPhoto(png())).toEqual({ ok: true, photo: { ext: "png", contentType: "image/png" } });
    expect(checkPhoto(jpeg())).toEqual({ ok: true, photo: { ext: "jpg", contentType: "image/jpeg" } });
  });

  it("refuses other bytes, nothing, and more than the maximum size", () => {
    expect(checkPhoto(new TextEncoder().encode("<html>not an image</html>"))).toEqual({
      ok: false,
      msg: PROFILE_TEXTS.photoType,
    });
    expect(checkPhoto(png().subarray(0, 20))).toEqual({ ok: false, msg: PROFILE_TEXTS.photoType });
    expect(checkPhoto(new Uint8Array())).toEqual({ ok: false, msg: PROFILE_TEXTS.photoRequired });
    expect(checkPhoto(new Uint8Array(PHOTO_MAX_BYTES + 1))).toEqual({ ok: false, msg: PROFILE_TEXTS.photoTooLarge });
  });
});

describe("photoKey", () => {
  it("keeps each consultant's photos under their own prefix with a fresh name", () => {
    expect(photoKey("u1", "png", "abc")).toBe("consultants/u1/photo-abc.png");
    expect(photoKey("u1", "jpg")).toMatch(/^consultants\/u1\/photo-[0-9a-f-]{36}\.jpg$/);
  });
});
