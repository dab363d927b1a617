/**
 * The state of the Stripe fake (stripe-fake.ts): Stripe-shaped JSON objects by type and id, behind
 * a small async interface so the same fake keeps them in memory (the integration tests' stub, in
 * Node) or in D1 (keyless runs, in workerd). Every change is either an insert that does nothing
 * when the object exists or a compare-and-swap of the whole object, so two requests at once can
 * never both make the same change (what keeps the money paths exactly-once).
 */

export type FakeObject = Record<string, unknown>;

/** An object to insert once, of a type and id. */
export type FakeInsert = { type: string; id: string; data: FakeObject };

export interface StripeFakeStore {
  get(type: string, id: string): Promise<FakeObject | null>;
  /** Inserts unless an object of this type and id exists; answers what is stored and whether this call made it. */
  insertOnce(type: string, id: string, data: FakeObject): Promise<{ data: FakeObject; inserted: boolean }>;
  /**
   * Replaces `expected` by `next` if it is still what is stored, and in the same write inserts
   * `also` (each once): a charge and the refund it makes, a session and what paying it made, are
   * changed together or not at all. False when another change came first (nothing written).
   */
  swap(type: string, id: string, expected: FakeObject, next: FakeObject, also?: FakeInsert[]): Promise<boolean>;
  /** The objects of a type that belong to `owner` (ownerOf), oldest first. */
  owned(type: string, owner: string): Promise<FakeObject[]>;
  remove(type: string, id: string): Promise<void>;
  /** Removes the objects of a type stored before `beforeMs` (milliseconds since the epoch). */
  prune(type: string, beforeMs: number): Promise<void>;
}

/**
 * Who an object belongs to: its customer, else the connected account it is for (a payout's
 * `__account`, a transfer's destination); null for a customer or an account itself.
 */
export function ownerOf(data: FakeObject): string | null {
  for (const field of ["customer", "__account", "destination"]) {
    if (typeof data[field] === "string") return data[field] as string;
  }
  return null;
}

/** A store in memory (JSON text, so what is read is a copy, as from a database). */
export function memoryFakeStore(now: () => number = Date.now): StripeFakeStore {
  const objects = new Map<string, { type: string; text: string; storedAt: number }>();
  const keyOf = (type: string, id: string) => `${type}\u0000${id}`;
  return {
    async get(type, id) {
      const row = objects.get(keyOf(type, id));
      return row ? (JSON.parse(row.text) as FakeObject) : null;
    },
    async insertOnce(type, id, data) {
      const key = keyOf(type, id);
      const row = objects.get(key);
      if (row) return { data: JSON.parse(row.text) as FakeObject, inserted: false };
      objects.set(key, { type, text: JSON.stringify(data), storedAt: now() });
      return { data: JSON.parse(JSON.stringify(data)) as FakeObject, inserted: true };
    },
    async swap(type, id, expected, next, also = []) {
      const key = keyOf(type, id);
      const row = objects.get(key);
      if (!row || row.text !== JSON.stringify(expected)) return false;
      objects.set(key, { ...row, text: JSON.stringify(next) });
      for (const insert of also) {
        const insertKey = keyOf(insert.type, insert.id);
        if (!objects.has(insertKey)) {
          objects.set(insertKey, { type: insert.type, text: JSON.stringify(insert.data), storedAt: now() });
        }
      }
      return true;
    },
    async owned(type, owner) {
      const found: FakeObject[] = [];
      for (const row of objects.values()) {
        if (row.type !== type) continue;
        const data = JSON.parse(row.text) as FakeObject;
        if (ownerOf(data) === owner) found.push(data);
      }
      return found;
    },
    async remove(type, id) {
      objects.delete(keyOf(type, id));
    },
    async prune(type, beforeMs) {
      for (const [key, row] of objects) if (row.type === type && row.storedAt < beforeMs) objects.delete(key);
    },
  };
}
