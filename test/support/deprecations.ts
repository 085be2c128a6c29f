/**
 * Every test fails when the system's own code made Foundry log a deprecation or drop an input, in
 * either generation (issue 23): the test double records each such warning whose call stack passes
 * through `src/` (test/foundry/state.ts `warn`), and this hook, run after every test, reports them.
 * After a file's last test, a module of the system still loading (a card's controls, loaded with the
 * first card drawn) is waited for, so none loads once the file's environment is gone.
 */
import { afterAll, afterEach } from "vitest";
import { modulesLoading, takeSystemWarnings } from "../foundry/state.ts";

afterAll(async () => {
  // Real time: a module load is real work, whatever clock a test ran on.
  for (let turns = 0; modulesLoading() && turns < 10_000; turns += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
});

afterEach(() => {
  const raised = takeSystemWarnings();
  if (raised.length > 0) {
    throw new Error(`The system's own code raised deprecation warnings:\n${raised.map((w) => `  - ${w}`).join("\n")}`);
  }
});
