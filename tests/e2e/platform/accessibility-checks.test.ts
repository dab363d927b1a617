import { describe, expect } from "vitest";
import { browserTest, expectNoAxeViolations } from "../support";

// The check every browser test runs on every page it reaches (support.ts): it finds a violation,
// and a page state it has already checked is not checked again, while any change to the page is.
describe("the accessibility check of the browser tests", () => {
  browserTest("finds a violation on a changed page, and the page as it was before still passes", async ({ page }) => {
    await page.goto("/login");
    await expectNoAxeViolations(page);
    // The same state again: the stream's earlier result.
    await expectNoAxeViolations(page);

    // A change in the markup alone: an image without a text alternative.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        "beforeend",
        '<img id="unexplained-image" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
      ),
    );
    await expect(expectNoAxeViolations(page)).rejects.toThrow(
      "axe critical image-alt at /login: Images must have alternative text — #unexplained-image",
    );

    // Back to the page as it was: it passes.
    await page.evaluate(() => document.getElementById("unexplained-image")?.remove());
    await expectNoAxeViolations(page);

    // Serious findings count; a rule of moderate impact (headings that skip a level) does not run.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        "beforeend",
        '<div id="added"><p id="faint-words" style="color:#d4d4d4;background:#fff">Faint words</p><h6>Skipped levels</h6></div>',
      ),
    );
    const error = await expectNoAxeViolations(page).then(
      () => null,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message.split("\n")).toEqual([
      "Accessibility violations:",
      "axe serious color-contrast at /login: Elements must meet minimum color contrast ratio thresholds — #faint-words",
    ]);
    await page.evaluate(() => document.getElementById("added")?.remove());
    await expectNoAxeViolations(page);
  });
});
