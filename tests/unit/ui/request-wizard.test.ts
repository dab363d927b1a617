import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { keepWizardOnOwnPosts } from "~/components/ui/request-wizard";
import { fieldsWithErrors } from "~/server/platform/form-reply.server";

type Args = Parameters<typeof keepWizardOnOwnPosts>[0];

function args(overrides: Partial<Args>): Args {
  const url = new URL("https://partwise.test/create-match");
  return {
    currentUrl: url,
    currentParams: {},
    nextUrl: url,
    nextParams: {},
    defaultShouldRevalidate: true,
    ...overrides,
  } as Args;
}

describe("the request wizards' revalidation", () => {
  it("keeps the loader (and its requestId) on the wizard's own posts", () => {
    expect(keepWizardOnOwnPosts(args({ formMethod: "POST", formAction: "/create-match" }))).toBe(false);
    expect(keepWizardOnOwnPosts(args({ formMethod: "post" }))).toBe(false);
  });

  it("reloads as usual for a post elsewhere and for a new visit", () => {
    expect(keepWizardOnOwnPosts(args({ formMethod: "POST", formAction: "/logout" }))).toBe(true);
    expect(keepWizardOnOwnPosts(args({}))).toBe(true);
    expect(keepWizardOnOwnPosts(args({ defaultShouldRevalidate: false }))).toBe(false);
  });
});

describe("fieldsWithErrors", () => {
  it("names only the fields a failed submission blames", () => {
    const form = new FormData();
    form.set("name", "Ada");
    const submission = parseWithZod(form, {
      schema: z.object({ name: z.string(), area: z.string({ error: "Choose an area." }), note: z.string().optional() }),
    });
    if (submission.status === "success") throw new Error("expected the missing area to fail");
    expect(fieldsWithErrors(submission.error)).toEqual(["area"]);
  });

  it("is empty for no errors at all", () => {
    expect(fieldsWithErrors(undefined)).toEqual([]);
    expect(fieldsWithErrors({ name: null, area: [] })).toEqual([]);
  });
});
