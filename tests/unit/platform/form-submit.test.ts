import { parseWithZod } from "@conform-to/zod/v4";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { submitForm } from "~/http/form-submit.server";

/** submitForm: a Conform submission handed to one domain call, answered as the settings forms answer. */

const Schema = z.object({ email: z.email("Enter an email."), password: z.string().min(1, "Enter your password.") });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return parseWithZod(data, { schema: Schema });
};
const options = { what: "unit form", failureText: "We couldn't save that.", hideFields: ["password"] };

afterEach(() => vi.restoreAllMocks());

describe("submitForm", () => {
  it("answers an invalid form 400 with its field errors, never calling the domain or sending the password back", async () => {
    const run = vi.fn();
    const done = await submitForm(form({ email: "nope", password: "secret" }), run, options);
    expect(run).not.toHaveBeenCalled();
    expect(done).toMatchObject({ ok: false, status: 400, reply: { error: { email: ["Enter an email."] } } });
    expect(JSON.stringify(done)).not.toContain("secret");
  });

  it("puts a refusal on the field it names, else on the form, with its status", async () => {
    const valid = { email: "a@example.com", password: "secret" };
    const onField = await submitForm(
      form(valid),
      async () => ({ ok: false as const, status: 409, msg: "That email is taken.", field: "email" }),
      options,
    );
    expect(onField).toMatchObject({ ok: false, status: 409, reply: { error: { email: ["That email is taken."] } } });
    const onForm = await submitForm(
      form(valid),
      async () => ({ ok: false as const, status: 400, msg: "Wrong password.", field: null }),
      options,
    );
    expect(onForm).toMatchObject({ ok: false, status: 400, reply: { error: { "": ["Wrong password."] } } });
    expect(JSON.stringify([onField, onForm])).not.toContain("secret");
  });

  it("answers a thrown failure 500 with the failure text and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const done = await submitForm(
      form({ email: "a@example.com", password: "secret" }),
      async () => {
        throw new Error("D1 is down");
      },
      options,
    );
    expect(done).toMatchObject({ ok: false, status: 500, reply: { error: { "": ["We couldn't save that."] } } });
    expect(log).toHaveBeenCalledWith("unit form failed", expect.any(Error));
  });

  it("hands the parsed value to the domain and answers its success with the submission", async () => {
    const done = await submitForm(
      form({ email: "A@Example.com", password: "secret" }),
      async (value) => ({ ok: true as const, email: value.email }),
      options,
    );
    expect(done.ok && done.result).toEqual({ ok: true, email: "A@Example.com" });
    expect(done.ok && done.submission.reply({ resetForm: true })).toEqual({ initialValue: null });
  });
});
