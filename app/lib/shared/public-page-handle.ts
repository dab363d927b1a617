// Marks a route as a public page (ADR 089): the root renders it without scripts (app/root.tsx
// reads `publicPage` itself, so no page loads this module for it).

/** The route handle of a public page. */
export const PUBLIC_PAGE_HANDLE = { publicPage: true } as const;
