/**
 * Every test fails when the system's own code made Foundry log a deprecation or drop an input, in
 * either generation (issue 23): the test double records each such warning whose call stack passes
 * through `src/` (test/foundry/state.ts `warn`), and this hook, run after every test, reports them.
 */
import { afterEach } from "vitest";
import { takeSystemWarnings } from "../foundry/state.ts";

afterEach(() => {
  const raised = takeSystemWarnings();
  if (raised.length > 0) {
    throw new Error(`The system's own code raised deprecation warnings:\n${raised.map((w) => `  - ${w}`).join("\n")}`);
  }
});
