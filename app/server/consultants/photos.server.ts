/**
 * Consultants' photos: what an upload must be before it is stored. The bytes decide the type (a
 * renamed file or a page posing as an image is refused), and the size is capped before parsing.
 */
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, PROFILE_TEXTS } from "~/lib/consultants/profile";
import { isJpeg, isPng } from "~/lib/files/file-content";

export type CheckedPhoto = { ext: keyof typeof PHOTO_CONTENT_TYPES; contentType: string };

/** The photo's kind, or the text that says why it is refused. */
export function checkPhoto(bytes: Uint8Array): { ok: true; photo: CheckedPhoto } | { ok: false; msg: string } {
  if (bytes.length === 0) return { ok: false, msg: PROFILE_TEXTS.photoRequired };
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, msg: PROFILE_TEXTS.photoTooLarge };
  if (isPng(bytes)) return { ok: true, photo: { ext: "png", contentType: PHOTO_CONTENT_TYPES.png } };
  if (isJpeg(bytes)) return { ok: true, photo: { ext: "jpg", contentType: PHOTO_CONTENT_TYPES.jpg } };
  return { ok: false, msg: PROFILE_TEXTS.photoType };
}

/** Each upload gets a new key, so a cached old photo is never served for a new one. */
export const photoKey = (userId: string, ext: CheckedPhoto["ext"], id: string = crypto.randomUUID()) =>
  `consultants/${userId}/photo-${id}.${ext}`;
