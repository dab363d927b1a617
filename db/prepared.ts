import { Column, fillPlaceholders, is, SQL, sql, Subquery, type Placeholder, type Query } from "drizzle-orm";
import type { Database } from "./index";

/**
 * Reads whose SQL is built once per database handle (ADR 042). Drizzle builds a query's SQL from
 * its builder on every run (a select walks its fields, joins and conditions); for the reads every
 * dashboard and /features request makes, that was more CPU than the D1 client. A prepared read is
 * written once with `sql.placeholder(name)` where the request's values go, and Drizzle's
 * `.prepare()` keeps the SQL; each run only binds the values.
 *
 * Nothing request- or tenant-specific is kept: the values (the business, the user) are bound per
 * run, so the SQL and its parameters are the same as the builder's.
 */

/** What Drizzle's `.prepare()` gives: the SQL with placeholders, its row mapping and its own run. */
type DrizzlePrepared<T> = {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  execute(placeholderValues?: Record<string, unknown>): Promise<T>;
};

/** One read with its values bound: run it alone, or put several in one D1 batch (`runReads`). */
export type Read<T> = {
  /** Runs it alone (Drizzle's prepared run). */
  run(): Promise<T>;
  /** The D1 statement with the values bound, for a batch. */
  statement(): D1PreparedStatement;
  /** Maps the statement's batch result the way Drizzle maps a batch's. */
  map(result: D1Result): T;
};

type Prepared<T> = {
  drizzle: DrizzlePrepared<T>;
  query: Query;
  statement: D1PreparedStatement;
  rows: RowMapper | null;
};

/** A column's decoder (Drizzle's `mapFromDriverValue`: integer timestamps to Dates, booleans, JSON). */
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** What a prepared select keeps of its selection (Drizzle's internal fields: path and column or SQL). */
type SelectedField = { path: string[]; field: unknown };

/** A select's rows, as D1 gives them in a batch (objects) or alone (arrays), mapped to its fields. */
type RowMapper = { fromObjects(rows: Record<string, unknown>[]): unknown[]; fromArrays(rows: unknown[][]): unknown[] };

/** The decoder Drizzle uses for a selected field (the same choice as its mapResultRow). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * The row mapping of a select whose fields are all top-level (no nested objects, no relational
 * query), worked out once: each field's name and decoder. Drizzle's own mapping redoes that work
 * for every cell (entity checks, a path walk, the left-join bookkeeping nested selections need),
 * and in a batch first turns D1's row objects back into arrays; this gives the same rows (checked
 * against Drizzle's by tests/integration/platform/prepared-reads.test.ts). null for anything
 * else: Drizzle maps those itself.
 */
function flatRowMapper(drizzle: unknown): RowMapper | null {
  const { fields, customResultMapper, executeMethod } = drizzle as {
    fields?: SelectedField[];
    customResultMapper?: unknown;
    executeMethod?: string;
  };
  if (executeMethod !== "all" || customResultMapper || !fields || fields.some((f) => f.path.length !== 1)) return null;
  const names = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  const count = names.length;
  const mapValues = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const raw = values[i];
      row[names[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
    }
    return row;
  };
  return {
    // D1 keys a batch's row by column name, in the select's order (as Drizzle reads it).
    fromObjects: (rows) => rows.map((row) => mapValues(Object.values(row))),
    fromArrays: (rows) => rows.map(mapValues),
  };
}

/**
 * A value bound to a placeholder. Bound as given: Drizzle does not encode a placeholder's value
 * through its column (a Date must be passed as the column stores it, e.g. epoch milliseconds).
 */
export type ReadValue = string | number | null;

/**
 * A read prepared once per database handle: `build` returns a Drizzle builder's `.prepare()`,
 * using `p.<name>` (a `sql.placeholder`) for each of `names` where a run's value goes.
 */
export function preparedRead<const Names extends readonly string[], T>(
  names: Names,
  build: (db: Database, p: Record<Names[number], Placeholder<Names[number]>>) => DrizzlePrepared<T>,
): (db: Database, values: Record<Names[number], ReadValue>) => Read<T> {
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<
    Names[number],
    Placeholder<Names[number]>
  >;
  const perHandle = new WeakMap<Database, Prepared<T>>();
  return (db, values) => {
    let prepared = perHandle.get(db);
    if (!prepared) {
      const drizzle = build(db, placeholders);
      const query = drizzle.getQuery();
      prepared = { drizzle, query, statement: db.$client.prepare(query.sql), rows: flatRowMapper(drizzle) };
      perHandle.set(db, prepared);
    }
    const { drizzle, query, statement, rows } = prepared;
    const bound = () => statement.bind(...fillPlaceholders(query.params, values));
    if (!rows) {
      return {
        run: () => drizzle.execute(values),
        statement: bound,
        map: (result) => drizzle.mapResult(result, true) as T,
      };
    }
    return {
      run: async () => rows.fromArrays(await bound().raw()) as T,
      statement: bound,
      map: (result) => rows.fromObjects(result.results as Record<string, unknown>[]) as T,
    };
  };
}

/** A Drizzle select (or relational query) builder: it runs in a batch as it is, built once. */
type Preparable<T> = { prepare(): DrizzlePrepared<T> };

type ReadResult<R> = R extends Read<infer T> ? T : R extends Preparable<infer T> ? T : never;

function isRead(item: Read<unknown> | Preparable<unknown>): item is Read<unknown> {
  return typeof (item as Read<unknown>).statement === "function";
}

/** A builder as a read: its SQL built now, for this run only (a query whose shape varies). */
function oneTimeRead<T>(db: Database, builder: Preparable<T>): Read<T> {
  const drizzle = builder.prepare();
  const query = drizzle.getQuery();
  return {
    run: () => drizzle.execute(),
    statement: () => db.$client.prepare(query.sql).bind(...query.params),
    map: (result) => drizzle.mapResult(result, true) as T,
  };
}

/**
 * Runs reads in one D1 batch (one round trip) and maps each result; the answers in order. A
 * Drizzle select builder may stand beside prepared reads (it is built for this batch only).
 */
export async function runReads<const Reads extends readonly (Read<unknown> | Preparable<unknown>)[]>(
  db: Database,
  items: Reads,
): Promise<{ -readonly [K in keyof Reads]: ReadResult<Reads[K]> }> {
  const reads = items.map((item) => (isRead(item) ? item : oneTimeRead(db, item)));
  const results = await db.$client.batch(reads.map((read) => read.statement()));
  return reads.map((read, index) => read.map(results[index]!)) as {
    -readonly [K in keyof Reads]: ReadResult<Reads[K]>;
  };
}
