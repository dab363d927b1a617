/** Set by vite.config.ts at each build; absent where code runs unbuilt (Vitest's own transform). */
declare const __PARTWISE_BUILD_ID__: string | undefined;

/** This build's id (a new one every build): the public pages' edge cache keys on it (ADR 089). */
export const BUILD_ID: string = typeof __PARTWISE_BUILD_ID__ === "string" ? __PARTWISE_BUILD_ID__ : "unbuilt";
