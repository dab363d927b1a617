/**
 * Grows a seeded D1 database by copying its tenant rows: every business (and its client users)
 * becomes `copies + 1` businesses with the same rows in the same proportions. Generic over the
 * schema, read from SQLite itself: rows of `businesses`, client `users` and every row that points
 * (any text column) at a copied row are copied, tables in foreign-key order; in a copy, every text
 * value that is the id of a copied row gets a suffix `~<n>` (`mark`: another mark for a second round, so its copies' ids differ), and so do the values of single-table
 * unique text columns (emails, idempotency keys). Reference data (NAICS, consultants, events…)
 * is left as it is. One INSERT … SELECT over a recursive CTE per table, so it stays fast.
 */
type Column = { name: string; type: string; pk: number };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function all<T>(db: D1Database, sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await db
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

export async function userTables(db: D1Database): Promise<string[]> {
  const rows = await all<{ name: string }>(
    db,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  );
  return rows.map((row) => row.name);
}

/** Tables ordered so that a table comes after the tables its foreign keys name. */
async function foreignKeyOrder(db: D1Database, tables: string[]) {
  const parents = new Map<string, string[]>();
  for (const table of tables) {
    const keys = await all<{ table: string }>(db, `SELECT "table" FROM pragma_foreign_key_list(?)`, table);
    parents.set(
      table,
      keys.map((key) => key.table).filter((parent) => parent !== table),
    );
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (tables.includes(parent)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function uniqueTextColumns(db: D1Database, table: string, columns: Column[]): Promise<Set<string>> {
  const foreign = new Set(
    (await all<{ from: string }>(db, `SELECT "from" FROM pragma_foreign_key_list(?)`, table)).map((row) => row.from),
  );
  const result = new Set<string>();
  const indexes = await all<{ name: string; unique: number; origin: string }>(
    db,
    'SELECT name, "unique", origin FROM pragma_index_list(?)',
    table,
  );
  for (const index of indexes.filter((row) => row.unique === 1 && row.origin !== "pk")) {
    const names = (await all<{ name: string }>(db, "SELECT name FROM pragma_index_info(?)", index.name)).map(
      (row) => row.name,
    );
    if (names.some((name) => foreign.has(name))) continue;
    for (const name of names) {
      const column = columns.find((c) => c.name === name);
      if (column && /text/i.test(column.type)) result.add(name);
    }
  }
  return result;
}

/** Copies the tenant rows `copies` times; returns the tables copied and what each added in bytes. */
export async function multiplyTenants(db: D1Database, copies: number, only?: string[], mark = "~") {
  await db.prepare("CREATE TABLE IF NOT EXISTS scale_ids (id TEXT PRIMARY KEY) WITHOUT ROWID").run();
  await db.prepare("DELETE FROM scale_ids").run();
  const tables = await foreignKeyOrder(db, only ?? (await userTables(db)));
  const copied: string[] = [];
  const plans: { table: string; columns: Column[]; text: Column[]; filter: string }[] = [];
  for (const table of tables.filter((name) => name !== "scale_ids")) {
    const columns = await all<Column>(db, "SELECT name, type, pk FROM pragma_table_info(?)", table);
    const text = columns.filter((column) => /text/i.test(column.type) || column.type === "");
    const pointsAtCopied = text.map((c) => `${quote(c.name)} IN (SELECT id FROM scale_ids)`);
    const own =
      table === "businesses"
        ? ["1"]
        : table === "users"
          ? ["role = 'client'"]
          : pointsAtCopied.length
            ? pointsAtCopied
            : ["0"];
    plans.push({ table, columns, text, filter: own.join(" OR ") });
  }
  // The ids of the rows to copy, to a fixed point (some references are not declared, or cyclic).
  for (let pass = 0; pass < 5; pass++) {
    let added = 0;
    for (const { table, columns, filter } of plans) {
      if (!columns.some((column) => column.name === "id")) continue;
      const result = await db
        .prepare(`INSERT OR IGNORE INTO scale_ids SELECT id FROM ${quote(table)} WHERE ${filter}`)
        .run();
      added += result.meta.changes ?? 0;
    }
    if (added === 0) break;
  }
  const inserts: D1PreparedStatement[] = [];
  for (const { table, columns, text, filter } of plans) {
    const unique = await uniqueTextColumns(db, table, columns);
    const count = await all<{ n: number }>(db, `SELECT COUNT(*) AS n FROM ${quote(table)} WHERE ${filter}`);
    if (count[0].n === 0) continue;
    const values = columns.map((column) => {
      const name = quote(column.name);
      if (unique.has(column.name)) return `CASE WHEN ${name} IS NULL THEN NULL ELSE ${name} || '${mark}' || seq.n END`;
      if (text.includes(column)) {
        return `CASE WHEN ${name} IN (SELECT id FROM scale_ids) THEN ${name} || '${mark}' || seq.n ELSE ${name} END`;
      }
      return name;
    });
    inserts.push(
      db
        .prepare(
          `INSERT INTO ${quote(table)} (${columns.map((c) => quote(c.name)).join(", ")})
         WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
         SELECT ${values.join(", ")} FROM ${quote(table)} CROSS JOIN seq WHERE ${filter}`,
        )
        .bind(copies),
    );
    copied.push(table);
  }
  // One transaction, foreign keys checked at its end: some references are cyclic.
  const results = await db.batch([db.prepare("PRAGMA defer_foreign_keys = on"), ...inserts]);
  // D1 reports the database's size after each statement: a table's copy grew it by the difference
  // (its rows and its indexes' entries).
  const sizes = results.map((result) => result.meta.size_after ?? 0);
  return {
    tables: copied,
    bytesAdded: Object.fromEntries(copied.map((table, index) => [table, sizes[index + 1] - sizes[index]])),
    sizeAfter: sizes[sizes.length - 1],
  };
}

/**
 * `count` copies of one row of `table` (the row whose id is `id`), as one INSERT … SELECT over a
 * recursive CTE; `overrides` gives SQL expressions (over `seq.n`, 1…count) for the columns that
 * must differ, e.g. `{ id: "'biz-' || seq.n" }`.
 */
export async function copyRow(
  db: D1Database,
  table: string,
  id: string,
  count: number,
  overrides: Record<string, string>,
) {
  const columns = await all<Column>(db, "SELECT name, type, pk FROM pragma_table_info(?)", table);
  const values = columns.map((column) => overrides[column.name] ?? quote(column.name));
  await db
    .prepare(
      `INSERT INTO ${quote(table)} (${columns.map((c) => quote(c.name)).join(", ")})
       WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
       SELECT ${values.join(", ")} FROM ${quote(table)} CROSS JOIN seq WHERE ${quote(table)}.id = ?`,
    )
    .bind(count, id)
    .run();
}
