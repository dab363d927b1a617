// Writes the Tools & Templates workbooks to content/templates/*.xlsx (committed).
// Run after changing scripts/lib/learning-templates.mjs: `node scripts/build-templates.mjs`.
// A workbook whose parts are unchanged is not rewritten: the ZIP records the time of writing, so
// rewriting it would change its bytes and nothing else.
import { isDeepStrictEqual } from "node:util";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LEARNING_TEMPLATES, workbookParts } from "./lib/learning-templates.mjs";

export const TEMPLATES_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "content", "templates");

await mkdir(TEMPLATES_DIR, { recursive: true });
for (const template of LEARNING_TEMPLATES) {
  const bytes = await template.build();
  const file = join(TEMPLATES_DIR, template.file);
  const committed = await readFile(file).catch(() => null);
  if (committed && isDeepStrictEqual(workbookParts(new Uint8Array(committed)), workbookParts(bytes))) {
    console.log(`content/templates/${template.file}: up to date`);
    continue;
  }
  await writeFile(file, bytes);
  console.log(`content/templates/${template.file}: ${bytes.length} bytes`);
}
