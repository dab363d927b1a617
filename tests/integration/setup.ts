import { applyD1Migrations, env } from "cloudflare:test";

// Runs before every test file; storage is per file, and applyD1Migrations skips applied ones.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
