import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { e2eStreams, e2eTestFiles, fileSeconds, usesDemoClient } from "../../../scripts/lib/e2e-streams.mjs";

// How the browser test files are split into the two streams npm test runs at once (ADR 055).

const ROOT = path.resolve(__dirname, "../../..");

describe("the browser test streams", () => {
  const files = e2eTestFiles();

  it("hold every file once, with every demo client file in the first", () => {
    const [first, second] = e2eStreams(files, {});
    expect([...first!, ...second!].sort()).toEqual(files);
    expect(second!.filter(usesDemoClient)).toEqual([]);
    expect(first!.filter(usesDemoClient).length).toBeGreaterThan(0);
  });

  it("are filled to about the same recorded time, longest first", () => {
    // Every file takes 10 s but one other file takes 500 s: it alone fills the second stream.
    const other = files.find((file) => !usesDemoClient(file))!;
    const recorded = Object.fromEntries(files.map((file) => [file, file === other ? 500 : 10]));
    const [first, second] = e2eStreams(files, recorded);
    expect(second![0]).toBe(other);
    const seconds = fileSeconds(files, recorded);
    const total = (stream: string[]) => stream.reduce((sum, file) => sum + seconds.get(file)!, 0);
    expect(Math.abs(total(first!) - total(second!))).toBeLessThanOrEqual(500);
  });

  it("estimate a file not recorded yet from its size at the recorded files' rate", () => {
    const [known, unknown] = files;
    const seconds = fileSeconds([known!, unknown!], { [known!]: 30 });
    const size = (file: string) => readFileSync(path.join(ROOT, file)).length;
    expect(seconds.get(known!)).toBe(30);
    expect(seconds.get(unknown!)).toBeCloseTo((30 / size(known!)) * size(unknown!), 6);
  });
});
