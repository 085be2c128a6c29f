/**
 * The GM queue's throughput at a table's latency (issue 23, fault 11): four players use action dice on
 * their cards at once, each one control after another, and every request goes through the active GM's
 * queue on the test world (`test/foundry/`, v14), at 3 ms and at 150 ms per hop. Rounds alternate the
 * two latencies, so both see the same machine load; each figure is the median over the rounds. The
 * world's latency is real time (timers), so the figures are what a table waits, not what the code costs.
 */

import { ASSISTANT } from "../test/support/system.ts";
import {
  ALICE,
  BOB,
  bootWorld,
  CARA,
  CHARACTERS,
  control,
  GM,
  nextFaces,
  rollAs,
} from "../test/services/action-dice-world.ts";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { markdownTable, type Table } from "./report.ts";
import { median } from "./timing.ts";

/** The latencies compared, milliseconds per hop. */
export const QUEUE_LATENCIES = [3, 150] as const;

/** How many rounds of each latency. */
export const QUEUE_ROUNDS = 3;

const DARA = "playerDara000000";

/** Each player's pool die and how many controls she sends (her pool: Ayla 3d4, Brann 4d6, Dax 5d8, Dara 3d4). */
const PLAYERS = [
  { id: ALICE, faces: 4, controls: 3 },
  { id: BOB, faces: 6, controls: 4 },
  { id: CARA, faces: 8, controls: 5 },
  { id: DARA, faces: 4, controls: 3 },
] as const;

/** How many actions one round puts through the queue. */
export const QUEUE_ACTIONS = PLAYERS.reduce((n, p) => n + p.controls, 0);

/** One latency's figures. */
export interface QueueFigure {
  /** Milliseconds per hop (each direction of a query and of a document change). */
  readonly latency: number;
  /** Median over the rounds: applied actions per second, from the first click to the last answer. */
  readonly perSecond: number;
  /** Median over the rounds: milliseconds from a click to its answer. */
  readonly answerMs: number;
  /** Actions the GM did not apply, over all rounds (should be 0). */
  readonly failed: number;
}

/** One round: a fresh world at `latency`, the cards rolled, then every player's controls at once. */
async function round(latency: number): Promise<{ seconds: number; answers: number[]; failed: number }> {
  const w = await bootWorld({
    generation: 14,
    latency,
    queryLatency: latency,
    users: [
      { id: GM, name: "Gamemaster", role: "GM" },
      { id: ASSISTANT, name: "Assistant", role: "ASSISTANT" },
      { id: ALICE, name: "Alice", role: "PLAYER" },
      { id: BOB, name: "Bob", role: "PLAYER" },
      { id: CARA, name: "Cara", role: "PLAYER" },
      { id: DARA, name: "Dara", role: "PLAYER" },
    ],
    actors: [
      ...CHARACTERS,
      {
        id: "actorDara0000001",
        name: "Dara",
        type: "action-character",
        system: { level: 3 },
        ownership: { [DARA]: 3 },
      },
    ],
  });
  try {
    await w.double.actAs(GM, () => w.service.startSession());
    const cards = new Map<string, string[]>();
    for (const p of PLAYERS) {
      const own: string[] = [];
      for (let k = 0; k < p.controls; k++) own.push(await rollAs(w, p.id, { modifier: 4, dc: 18 }, [[12, 20]]));
      cards.set(p.id, own);
    }
    await w.double.settle();
    nextFaces(
      w,
      PLAYERS.flatMap((p) => Array.from({ length: p.controls }, () => [1, p.faces] as const)),
    );
    const answers: number[] = [];
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      PLAYERS.map(async (p) => {
        for (const id of cards.get(p.id) ?? []) {
          const clicked = performance.now();
          if (!(await control(w, p.id, id, { type: "augment", faces: p.faces }))) failed++;
          answers.push(performance.now() - clicked);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await w.double.settle();
    return { seconds, answers, failed };
  } finally {
    w.double.uninstall();
  }
}

/** Measures the queue at each latency, rounds alternating. */
export async function measureQueue(progress: (text: string) => void = () => undefined): Promise<QueueFigure[]> {
  const runs = new Map<number, { seconds: number[]; answers: number[]; failed: number }>(
    QUEUE_LATENCIES.map((l) => [l, { seconds: [], answers: [], failed: 0 }]),
  );
  for (let r = 0; r < QUEUE_ROUNDS; r++) {
    for (const latency of r % 2 === 0 ? QUEUE_LATENCIES : [...QUEUE_LATENCIES].reverse()) {
      progress(`GM queue: round ${r + 1} of ${QUEUE_ROUNDS} at ${latency} ms per hop`);
      const result = await round(latency);
      const into = runs.get(latency)!;
      into.seconds.push(result.seconds);
      into.answers.push(...result.answers);
      into.failed += result.failed;
    }
  }
  return QUEUE_LATENCIES.map((latency) => {
    const run = runs.get(latency)!;
    return {
      latency,
      perSecond: QUEUE_ACTIONS / median(run.seconds),
      answerMs: median(run.answers),
      failed: run.failed,
    };
  });
}

/** Section 6's table: each latency side by side, and the ratio. */
export function queueTable(figures: readonly QueueFigure[]): Table {
  const [fast, slow] = figures;
  return {
    head: ["Latency per hop", "Actions/s through the queue", "Click to answer (median)", "Not applied"],
    align: ["l", "r", "r", "r"],
    rows: [
      ...figures.map((f) => [
        `${f.latency} ms`,
        f.perSecond.toFixed(2),
        `${f.answerMs.toFixed(0)} ms`,
        String(f.failed),
      ]),
      ...(fast && slow
        ? [
            [
              `ratio (${slow.latency} ms ÷ ${fast.latency} ms)`,
              `${(slow.perSecond / fast.perSecond).toFixed(3)}×`,
              `${(slow.answerMs / fast.answerMs).toFixed(1)}×`,
              "—",
            ],
          ]
        : []),
    ],
  };
}

/** Section 6 of docs/benchmarks.md, from its figures. */
export function queueSection(figures: readonly QueueFigure[]): string {
  return `## 6. The GM queue at a table's latency

Privileged actions (a spend on a card, an award, a session start) are applied one at a time by the
active GM (\`src/services/gm-action.ts\`). \`bench/queue.ts\` (issue 23, fault 11) runs four players
using action dice on their cards at once (${QUEUE_ACTIONS} actions a round, each player's one after
another) on the test world in v14, at ${QUEUE_LATENCIES.join(" and ")} ms per hop (each direction of a
query and of every document change), ${QUEUE_ROUNDS} rounds of each, alternating. "Actions/s" counts
applied actions from the first click to the last answer (the median round); "click to answer" is
each action's wait, queue included. The world's latency is real time, so these are a table's waits
rather than the code's cost: each action is a query to the GM and several writes the GM waits for in
turn (the card, the pools, the record), each a round trip to the server. \`npm run bench:queue\` runs
this section alone and rewrites it here.

${markdownTable(queueTable(figures))}
`;
}

/** Writes section 6 into docs/benchmarks.md in place (before the appendix), keeping the rest. */
function writeSection(section: string): void {
  const doc = fileURLToPath(new URL("../docs/benchmarks.md", import.meta.url));
  const text = readFileSync(doc, "utf8");
  const from = text.indexOf("## 6. The GM queue");
  const appendix = text.indexOf("## Appendix");
  const head = from >= 0 ? text.slice(0, from) : text.slice(0, appendix);
  writeFileSync(doc, `${head}${section}\n${text.slice(appendix)}`);
}

// \`npm run bench:queue\`: this section alone, written into docs/benchmarks.md.
if (process.argv[1]?.endsWith("queue.ts")) {
  const figures = await measureQueue((text) => console.info(text));
  console.info(markdownTable(queueTable(figures)));
  writeSection(queueSection(figures));
}
