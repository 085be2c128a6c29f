/**
 * Judging a card's targets from the chat hooks (src/hooks/judge-targets.ts): a verdict that cannot be
 * written (the message deleted meanwhile, the world gone) is reported on the console, never left as an
 * unhandled rejection.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../src/services/targets.ts", () => ({
  judgeTargets: () => Promise.reject(new Error("the message is gone")),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("judgeTargetsLater", () => {
  it("reports a verdict that could not be written on the console, and leaves no unhandled rejection", async () => {
    vi.stubGlobal("game", { users: { activeGM: { isSelf: true } } });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { judgeTargetsLater } = await import("../../src/hooks/judge-targets.ts");
    const message = { rolls: [{ options: { targets: [{ id: "tokenGoblin00001" }] } }] };
    judgeTargetsLater(message as never);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(logged.mock.calls[0]?.[0]).toBe("Rolling Bones | the targets could not be judged");
    expect((logged.mock.calls[0]?.[1] as Error).message).toBe("the message is gone");
  });
});
