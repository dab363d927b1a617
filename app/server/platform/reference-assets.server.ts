// Public reference data too large for the Worker's code (the NAICS search index, the Census
// benchmarks) ships as static assets of the deploy, under public/reference/ (vite copies it into
// build/client/, wrangler.toml [assets] uploads it). The Worker reads such a file through its
// ASSETS binding the first time an isolate needs it and keeps what it parsed for the isolate's
// life: immutable public data, never env or tenant data (docs/decisions/042-request-cost.md).
// The Worker's own routing does not serve these paths to visitors (functions/worker.ts isAssetPath).

/** Reads a reference file's text: from the ASSETS binding in the Worker, from disk in unit tests. */
export type ReferenceSource = () => Promise<string>;

/** A reference file among the deploy's static assets. `what` names it in errors. */
export function referenceAsset(assets: Fetcher | undefined, path: string, what: string): ReferenceSource {
  return async () => {
    if (!assets) throw new Error(`${what} needs the ASSETS binding (wrangler.toml [assets]).`);
    // A URL string, not a Request: the local proxy of `npm run dev` (Node) takes only that.
    const response = await assets.fetch(`https://assets.invalid${path}`);
    if (!response.ok) throw new Error(`${what} asset answered ${response.status}.`);
    return response.text();
  };
}

/**
 * `parse` run once per isolate on the first source asked: later calls share its promise; a failed
 * read or parse is forgotten, so the next call tries again.
 */
export function loadOncePerIsolate<T>(parse: (text: string) => T): (source: ReferenceSource) => Promise<T> {
  let loaded: Promise<T> | null = null;
  return (source) => {
    loaded ??= source()
      .then(parse)
      .catch((error: unknown) => {
        loaded = null;
        throw error;
      });
    return loaded;
  };
}
