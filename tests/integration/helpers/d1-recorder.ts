/**
 * A test-only recording wrapper over a D1 binding. The test builds its own env with the wrapped
 * binding and calls the Worker's fetch with it, so the app's code is the production code.
 *
 * Each call that reaches D1 (a statement's all/run/first/raw, a batch, exec) is one round trip.
 * Its wave is 1 + the highest wave among the calls that had finished when it started: calls made
 * side by side (Promise.all) share a wave, a call that waited for another's answer is a wave
 * later. `waves` is the length of that chain: the number of sequential round trips.
 */
export type RecordedStatement = { sql: string; params: unknown[] };
export type RecordedCall = {
  kind: "all" | "run" | "first" | "raw" | "batch" | "exec";
  wave: number;
  statements: RecordedStatement[];
};

export type D1Recorder = {
  db: D1Database;
  calls: RecordedCall[];
  waves(): number;
  reset(): void;
};

const STATEMENT_METHODS = new Set(["all", "run", "first", "raw"]);

export function recordD1(real: D1Database): D1Recorder {
  const calls: RecordedCall[] = [];
  let finishedWave = 0;
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  // The SQL and parameters of each wrapped statement, for batches.
  const statementOf = new WeakMap<object, RecordedStatement>();

  async function track<T>(call: Omit<RecordedCall, "wave">, run: () => Promise<T>): Promise<T> {
    const recorded = { ...call, wave: finishedWave + 1 };
    calls.push(recorded);
    try {
      return await run();
    } finally {
      finishedWave = Math.max(finishedWave, recorded.wave);
    }
  }

  function wrapStatement(statement: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") {
          return (...values: unknown[]) => wrapStatement(target.bind(...values), sql, values);
        }
        if (typeof property === "string" && STATEMENT_METHODS.has(property)) {
          return (...args: unknown[]) =>
            track({ kind: property as RecordedCall["kind"], statements: [{ sql, params }] }, () =>
              (target[property as "all"] as (...a: unknown[]) => Promise<unknown>).apply(target, args),
            );
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    unwrap.set(proxy, statement);
    statementOf.set(proxy, { sql, params });
    return proxy;
  }

  const db = new Proxy(real, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => wrapStatement(target.prepare(sql), sql, []);
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          track(
            {
              kind: "batch",
              statements: statements.map((s) => statementOf.get(s) ?? { sql: "?", params: [] }),
            },
            () => target.batch(statements.map((s) => unwrap.get(s) ?? s)),
          );
      }
      if (property === "exec") {
        return (sql: string) => track({ kind: "exec", statements: [{ sql, params: [] }] }, () => target.exec(sql));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    db,
    calls,
    waves: () => calls.reduce((max, call) => Math.max(max, call.wave), 0),
    reset() {
      calls.length = 0;
      finishedWave = 0;
    },
  };
}

/**
 * The result column names of a SELECT, read from D1 itself (`raw({ columnNames: true })` puts them
 * first). D1 answers a batch's rows as objects keyed by column name, so two columns of one name
 * lose one value and Drizzle's positional mapping shifts the rest.
 */
export async function columnNames(real: D1Database, statement: RecordedStatement): Promise<string[]> {
  const [names] = await real
    .prepare(statement.sql)
    .bind(...statement.params)
    .raw({ columnNames: true });
  return (names ?? []) as string[];
}

export const isSelect = (sql: string) => /^\s*(with\b[\s\S]*?\)\s*)?select\b/i.test(sql);
