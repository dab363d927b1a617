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
  /** The objects of a type whose top-level `field` equals `value`, oldest first. */
  find(type: string, field: string, value: string): Promise<FakeObject[]>;
  remove(type: string, id: string): Promise<void>;
}

/** A store in memory (JSON text, so what is read is a copy, as from a database). */
export function memoryFakeStore(): StripeFakeStore {
  const objects = new Map<string, { type: string; text: string }>();
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
      objects.set(key, { type, text: JSON.stringify(data) });
      return { data: JSON.parse(JSON.stringify(data)) as FakeObject, inserted: true };
    },
    async swap(type, id, expected, next, also = []) {
      const key = keyOf(type, id);
      const row = objects.get(key);
      if (!row || row.text !== JSON.stringify(expected)) return false;
      objects.set(key, { type, text: JSON.stringify(next) });
      for (const insert of also) {
        const insertKey = keyOf(insert.type, insert.id);
        if (!objects.has(insertKey)) objects.set(insertKey, { type: insert.type, text: JSON.stringify(insert.data) });
      }
      return true;
    },
    async find(type, field, value) {
      const found: FakeObject[] = [];
      for (const row of objects.values()) {
        if (row.type !== type) continue;
        const data = JSON.parse(row.text) as FakeObject;
        if (data[field] === value) found.push(data);
      }
      return found;
    },
    async remove(type, id) {
      objects.delete(keyOf(type, id));
    },
  };
}
