/**
 * The chai `assert` a Quench scenario is handed, as a recorder for running the scenario against the
 * test world: each failed check is recorded (with its message) instead of thrown, so a test can check
 * both that a scenario passes and that its checks can fail.
 */
export function recordingAssert() {
  const failures: string[] = [];
  const check = (ok: boolean, message?: string) => void (ok || failures.push(message ?? "assertion"));
  const assert = {
    equal: (a: unknown, b: unknown, m?: string) => check(a === b, `${m}: ${String(a)} ≠ ${String(b)}`),
    deepEqual: (a: unknown, b: unknown, m?: string) =>
      check(JSON.stringify(a) === JSON.stringify(b), `${m}: ${JSON.stringify(a)}`),
    isTrue: (v: unknown, m?: string) => check(v === true, m),
  };
  return { failures, assert };
}
