// Writes the Tools & Templates workbooks to content/templates/*.xlsx (committed; deterministic).
// Run after changing scripts/lib/learning-templates.mjs: `node scripts/build-templates.mjs`.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LEARNING_TEMPLATES } from "./lib/learning-templates.mjs";

export const TEMPLATES_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "content", "templates");

await mkdir(TEMPLATES_DIR, { recursive: true });
for (const template of LEARNING_TEMPLATES) {
  const bytes = template.build();
  await writeFile(join(TEMPLATES_DIR, template.file), bytes);
  console.log(`content/templates/${template.file}: ${bytes.length} bytes`);
}
