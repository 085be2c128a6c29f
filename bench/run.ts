/**
 * `npm run bench`: odds latency over the grid, resolution throughput per engine, and a side-by-side
 * comparison with rpg-dice-roller. Prints the tables and writes them, with the machine described,
 * to `docs/benchmarks.md`. Takes several minutes (the cold pass starts hundreds of processes).
 * Absolute timings depend on the machine
 * and on whatever else runs on it: read the ratios, and the CPU-time rates next to the wall-clock
 * ones.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { shared } from "../src/engines/index.ts";
import { oddsGrid } from "./grid.ts";
import { COLD_REPEATS, coldPasses } from "./cold.ts";
import { COLD_TARGET_MICROS, ODDS_TARGET_MICROS, warmPass, type GroupLatency } from "./odds.ts";
import { comparePeer, PEER_TARGET_RATIO, type PairResult } from "./peer.ts";
import {
  formatLoad,
  formatMicros,
  formatRate,
  formatRatio,
  machine,
  markdownTable,
  verdict,
  type Table,
} from "./report.ts";
import { measureThroughput, subjects, THROUGHPUT_TARGET, type RateSummary, type Throughput } from "./throughput.ts";
import { wallMs } from "./timing.ts";
import { measureIsolated } from "./isolated.ts";
import { CHAT_RERENDERS, CHAT_ROUNDS, measureChat, type ChatResult } from "./chat.ts";
import { RENDERED_CARDS_KEPT } from "../src/dice/cards/rendered.ts";
import { adviceSection, adviceTable, measureAdvice } from "./advice.ts";
import { measureQueue, queueSection, queueTable } from "./queue.ts";

const DOC = fileURLToPath(new URL("../docs/benchmarks.md", import.meta.url));
const ENGINES: readonly shared.EngineId[] = ["percentile", "action", "wild", "pi", "pool"];

function progress(text: string): void {
  console.info(`… ${text}`);
}

/** Two verdicts as `yes / **no**` (wall clock / CPU time). */
function both(wall: boolean, cpu: boolean): string {
  return `${verdict(wall)} / ${verdict(cpu)}`;
}

function gridTable(latency: readonly GroupLatency[]): Table {
  return {
    head: ["Group", "Cells", "Grid", "Memoises"],
    align: ["l", "r", "l", "l"],
    rows: latency.map((l) => [l.group.name, String(l.group.cells.length), l.group.covers, l.group.memo]),
  };
}

function warmTable(latency: readonly GroupLatency[]): Table {
  return {
    head: [
      "Group",
      "Median of cells (wall)",
      "(CPU)",
      "Legacy median (CPU)",
      "Ratio, median cell",
      "Ratio, smallest",
      "Worst cell (CPU)",
      "Worst cell by CPU",
      "Worst p95 (wall)",
      "All ≤ 20 µs wall / CPU",
    ],
    align: ["l", "r", "r", "r", "r", "r", "r", "l", "r", "l"],
    rows: latency.map((l) => [
      l.group.name,
      formatMicros(l.warmMedian.wall),
      formatMicros(l.warmMedian.cpu),
      formatMicros(l.legacyWarmMedianCpu),
      formatRatio(l.ratioMedian),
      `${formatRatio(l.ratioMin.micros)} (${l.ratioMin.label})`,
      formatMicros(l.warmWorstCpu.micros),
      l.warmWorstCpu.label,
      formatMicros(l.warmWorstP95.micros),
      both(l.warmMeets.wall, l.warmMeets.cpu),
    ]),
  };
}

function coldTable(latency: readonly GroupLatency[]): Table {
  return {
    head: [
      "Group",
      "Median first call (wall)",
      "(CPU)",
      "Worst (wall)",
      "Worst (CPU)",
      "Worst cell (CPU)",
      "Legacy worst (CPU)",
      "Cold cells > 1 ms (wall)",
      "All ≤ 1 ms (wall)",
      "Worst cell's fastest process (wall)",
      "Worst with a dialog's reads (wall)",
      "Worst full read after (wall)",
    ],
    align: ["l", "r", "r", "r", "r", "l", "r", "r", "l", "r", "r", "r"],
    rows: latency.map((l) => [
      l.group.name,
      formatMicros(l.coldMedian.wall),
      formatMicros(l.coldMedian.cpu),
      formatMicros(l.coldWorstWall.micros),
      formatMicros(l.coldWorstCpu.micros),
      l.coldWorstCpu.label,
      formatMicros(l.legacyColdWorstCpu.micros),
      `${l.coldOver.wall} of ${l.coldCount}`,
      verdict(l.coldMeets.wall),
      formatMicros(l.coldBestWorst.micros),
      l.group.cells.some((c) => c.reads !== undefined) ? formatMicros(l.coldDialogWorst.micros) : "—",
      formatMicros(l.coldReadWorst.micros),
    ]),
  };
}

/** Every cell: current and legacy, warm (CPU) and first call (wall), and the warm ratio. */
function cellsTable(latency: readonly GroupLatency[]): Table {
  return {
    head: [
      "Group",
      "Cell",
      "Warm (CPU)",
      "Legacy warm (CPU)",
      "Ratio",
      "First call (wall)",
      "Legacy first call (wall)",
      "Then a dialog's reads (wall)",
      "Then the full read (wall)",
    ],
    align: ["l", "l", "r", "r", "r", "r", "r", "r", "r"],
    rows: latency.flatMap((l) =>
      l.cells.map((c) => [
        l.group.name,
        c.label,
        formatMicros(c.warm.cpu),
        formatMicros(c.legacyWarm.cpu),
        formatRatio(c.ratio),
        formatMicros(c.cold.wall),
        formatMicros(c.legacyCold.wall),
        l.group.cells.find((cell) => cell.label === c.label)?.reads === undefined ? "—" : formatMicros(c.cold.dialog),
        formatMicros(c.cold.read),
      ]),
    ),
  };
}

/** Section 4: the system's cards beside the plain Foundry-style card. */
function chatTable(chat: ChatResult): Table {
  const row = (name: string, f: ChatResult["system"]): string[] => [
    name,
    formatMicros(f.htmlPerCard),
    formatMicros(f.totalPerCard),
    formatMicros(f.rerender),
    `${(f.heapPerCard / 1024).toFixed(2)} KiB`,
    f.nodesPerCard.toFixed(0),
    `${(f.htmlBytesPerCard / 1024).toFixed(2)} KiB`,
  ];
  const ratio = (a: number, b: number): string => formatRatio(a / b);
  return {
    head: [
      "Card",
      "HTML per card",
      "Into the log per card",
      "Re-render one card",
      "JS heap per card",
      "DOM nodes per card",
      "HTML per card (size)",
    ],
    align: ["l", "r", "r", "r", "r", "r", "r"],
    rows: [
      row("Rolling Bones cards (five engines, mixed)", chat.system),
      row("plain Foundry-style roll card", chat.plain),
      [
        "Rolling Bones cards, the log drawn again (every card unchanged, kept)",
        formatMicros(chat.kept.htmlPerCard),
        formatMicros(chat.kept.totalPerCard),
        "—",
        `${(chat.kept.heapPerCard / 1024).toFixed(2)} KiB (the memo)`,
        "—",
        "—",
      ],
      [
        "ratio (ours ÷ plain)",
        ratio(chat.system.htmlPerCard, chat.plain.htmlPerCard),
        ratio(chat.system.totalPerCard, chat.plain.totalPerCard),
        ratio(chat.system.rerender, chat.plain.rerender),
        ratio(chat.system.heapPerCard, chat.plain.heapPerCard),
        ratio(chat.system.nodesPerCard, chat.plain.nodesPerCard),
        ratio(chat.system.htmlBytesPerCard, chat.plain.htmlBytesPerCard),
      ],
    ],
  };
}

/** Three throughput verdicts: median wall clock / median CPU time / best slice. */
function fastEnough(rate: RateSummary | undefined): string {
  const ok = (x: number | undefined): string => verdict((x ?? 0) >= THROUGHPUT_TARGET);
  return `${ok(rate?.wall)} / ${ok(rate?.cpu)} / ${ok(rate?.best)}`;
}

function throughputTable(results: readonly Throughput[]): Table {
  return {
    head: [
      "Engine",
      "Request",
      "Call",
      "Median (wall)",
      "Median (CPU)",
      "Best slice",
      "≥ 1M/s median wall / CPU / best",
    ],
    align: ["l", "l", "l", "r", "r", "r", "l"],
    rows: results.flatMap((t) =>
      (["rollWith", "resolve"] as const).map((call) => [
        t.subject.engine,
        t.subject.describe,
        call,
        formatRate(t[call].wall),
        formatRate(t[call].cpu),
        formatRate(t[call].best),
        fastEnough(t[call]),
      ]),
    ),
  };
}

function isolatedTable(results: ReadonlyMap<string, RateSummary>, throughput: readonly Throughput[]): Table {
  return {
    head: [
      "Engine",
      "Median (wall)",
      "Median (CPU)",
      "Best slice",
      "Interleaved median (CPU)",
      "≥ 1M/s median wall / CPU / best",
    ],
    align: ["l", "r", "r", "r", "r", "l"],
    rows: [...results].map(([engine, rate]) => [
      engine,
      formatRate(rate.wall),
      formatRate(rate.cpu),
      formatRate(rate.best),
      formatRate(throughput.find((t) => t.subject.engine === engine)?.rollWith.cpu ?? 0),
      fastEnough(rate),
    ]),
  };
}

function peerTable(results: readonly PairResult[]): Table {
  return {
    head: [
      "Comparison",
      "Ours",
      "Peer notation",
      "Ours (CPU)",
      "Peer re-roll (CPU)",
      "Peer new (CPU)",
      "Ours / re-roll",
      "Ours / new",
      "≥ 2×",
    ],
    align: ["l", "l", "l", "r", "r", "r", "r", "r", "l"],
    rows: results.map((p) => [
      p.pair.name,
      p.pair.ours,
      `\`${p.pair.notation}\``,
      formatRate(p.ours),
      formatRate(p.peerReroll),
      formatRate(p.peerNew),
      formatRatio(p.ratioReroll),
      formatRatio(p.ratioNew),
      verdict(Math.min(p.ratioReroll, p.ratioNew) >= PEER_TARGET_RATIO),
    ]),
  };
}

function summaryTable(
  latency: readonly GroupLatency[],
  throughput: readonly Throughput[],
  peer: readonly PairResult[],
  isolated: ReadonlyMap<string, RateSummary>,
): Table {
  return {
    head: [
      "Engine",
      "Odds warm ≤ 20 µs wall / CPU",
      "Odds cold ≤ 1 ms (wall)",
      "rollWith ≥ 1M/s median wall / CPU / best",
      "rollWith alone ≥ 1M/s median wall / CPU / best",
      "resolve ≥ 1M/s median wall / CPU / best",
      "≥ 2× peer",
    ],
    align: ["l", "l", "l", "l", "l", "l", "l"],
    rows: ENGINES.map((engine) => {
      const groups = latency.filter((l) => l.group.engine === engine && l.group.stress !== true);
      const t = throughput.find((x) => x.subject.engine === engine);
      const pairs = peer.filter((p) => p.pair.engine === engine);
      const worstRatio = Math.min(...pairs.map((p) => Math.min(p.ratioReroll, p.ratioNew)));
      return [
        engine,
        both(
          groups.every((g) => g.warmMeets.wall),
          groups.every((g) => g.warmMeets.cpu),
        ),
        verdict(groups.every((g) => g.coldMeets.wall)),
        fastEnough(t?.rollWith),
        fastEnough(isolated.get(engine)),
        fastEnough(t?.resolve),
        pairs.length === 0
          ? "no peer equivalent"
          : `${verdict(worstRatio >= PEER_TARGET_RATIO)}: ${pairs
              .map((p) => `${formatRatio(Math.min(p.ratioReroll, p.ratioNew))} vs \`${p.pair.notation}\``)
              .join(", ")}`,
      ];
    }),
  };
}

async function main(): Promise<void> {
  const started = wallMs();
  const host = machine();
  progress(`${host.cpus} CPUs, ${host.model}, Node ${host.node}, load ${formatLoad(host.load)}`);

  // Order: the cold odds passes (each call in a fresh process), then throughput and the
  // peer (which never call odds), then the warm odds pass, current and legacy side by side.
  const groups = oddsGrid();
  const { current: cold, legacy: legacyCold } = await coldPasses(progress);

  progress("throughput");
  const throughput = measureThroughput(subjects());
  progress("throughput: each engine alone in a worker");
  const isolated = await measureIsolated();

  progress("side by side with rpg-dice-roller");
  const peer = comparePeer();

  progress(`chat log: ${"1,000"} stored cards in Chromium`);
  const chat = await measureChat();

  const advice = await measureAdvice(progress);

  const queue = await measureQueue(progress);

  const latency: GroupLatency[] = [];
  for (const group of groups) {
    progress(`odds: warm pass, ${group.name}`);
    latency.push(warmPass(group, cold, legacyCold));
  }

  const seconds = (wallMs() - started) / 1000;
  const end = machine();
  const endLoad = formatLoad(end.load);
  const busiest = Math.max(host.load[0] ?? 0, end.load[0] ?? 0);
  const busy =
    busiest > host.cpus
      ? `\n\nThe machine was busy: the 1-minute load average (up to ${busiest.toFixed(2)}) exceeded its ${host.cpus} CPUs, ` +
        "so other work shared the cores with this run and every rate here is lower (every latency higher) than on an " +
        "idle machine, on both clocks. The interleaved ratios and the best slices are the figures least affected: on a " +
        "shared machine, read the side-by-side ratios (odds against the legacy code, cards against the plain card, ours " +
        "against the peer) rather than the absolute times, and count a single cell over a target as likely noise " +
        "unless its neighbours in the appendix are close to it too."
      : "";
  const tables = {
    summary: markdownTable(summaryTable(latency, throughput, peer, isolated)),
    grid: markdownTable(gridTable(latency)),
    warm: markdownTable(warmTable(latency)),
    cold: markdownTable(coldTable(latency)),
    cells: markdownTable(cellsTable(latency)),
    chat: markdownTable(chatTable(chat)),
    throughput: markdownTable(throughputTable(throughput)),
    isolated: markdownTable(isolatedTable(isolated, throughput)),
    peer: markdownTable(peerTable(peer)),
    advice: markdownTable(adviceTable(advice)),
  };
  const examples = peer.map((p) => `- \`${p.example}\` — ${p.pair.note}.`).join("\n");

  console.info(
    `\nSummary (targets: odds ≤ ${ODDS_TARGET_MICROS} µs warm and ≤ ${COLD_TARGET_MICROS} µs cold, ≥ 1M resolutions/s, ≥ ${PEER_TARGET_RATIO}× the peer)\n`,
  );
  console.info(tables.summary);
  console.info("\n1. Odds latency, warm (per call)\n");
  console.info(tables.warm);
  console.info("\n1. Odds latency, cold (first call of each cell)\n");
  console.info(tables.cold);
  console.info("\n2. Resolution throughput (seeded faces)\n");
  console.info(tables.throughput);
  console.info("\n2b. rollWith with one engine alone (a worker thread per engine)\n");
  console.info(tables.isolated);
  console.info("\n3. Side by side with rpg-dice-roller (interleaved rounds)\n");
  console.info(tables.peer);
  console.info("\n4. Chat log (Chromium, 1,000 stored cards)\n");
  console.info(tables.chat);
  console.info("\n5. Odds advice (first open, each change)\n");
  console.info(tables.advice);
  console.info("\n6. The GM queue at 3 and 150 ms per hop\n");
  console.info(markdownTable(queueTable(queue)));
  console.info(`\nDone in ${seconds.toFixed(0)} s; load ${formatLoad(host.load)} at start, ${endLoad} at end.`);

  const doc = `# Benchmarks

The latest results of \`npm run bench\` (\`bench/run.ts\`), which rewrites this file. Absolute timings
depend on the machine and on what else runs on it. Every timing is given on two clocks: wall clock
(what a user waits, inflated whenever the process is descheduled because other work holds the
CPUs) and this process's CPU time (what the call costs; still slowed, less so, by work sharing the
core). The ratios against the peer are measured side by side, interleaved, in the same run.

## Machine

- CPUs (\`nproc\`): ${host.cpus}
- CPU model: ${host.model}
- Node: ${host.node}
- Date: ${host.date}
- Load average (1 / 5 / 15 min): ${formatLoad(host.load)} at start, ${endLoad} at end
- Duration: ${seconds.toFixed(0)} s${busy}

## Summary

Targets: odds (issue 18) ≤ ${ODDS_TARGET_MICROS} µs warm median per call for every cell of the grid and every
first call ≤ ${COLD_TARGET_MICROS / 1000} ms; ≥ 1M resolutions/s per engine (issue 3), read as \`resolve\` on faces from
the seeded generator; ≥ ${PEER_TARGET_RATIO}× rpg-dice-roller on the equivalent formula. \`rollWith\` (validation,
throwing the dice from the seeded source, then resolve: a whole roll) is reported beside it against
the same 1M/s. Each verdict is given as wall clock / CPU time (and, for throughput, the best slice as
well). The stress group of the odds grid (many augments on one roll) lies outside the issue's grid
and is left out of the verdicts; its figures are in section 1. \`rollWith\` is given twice:
interleaved with the other engines (the protocol's calls see five engines) and alone in a worker
(section 2b).

${tables.summary}

## 1. Odds latency

The grid:

${tables.grid}

Warm: after the cold passes (and the throughput and peer runs), every cell of a group is called a
few times on both implementations (so the JIT has compiled the group's code), then each cell is
timed beside the previous implementation (\`bench/legacy/\`, the odds code as it stood before issue 18, kept in the
bench only): current 11 batches, legacy 11, current 10, legacy 10, each batch at least 0.1 ms (batch
time ÷ calls per batch gives one per-call sample on each clock); a cell's figure is the smaller of
its two medians, for either implementation alike. "Ratio" is legacy ÷ current on CPU time, per cell
(every cell is listed in the appendix); the table gives the median over the cells, the smallest
ratio with its cell, the slowest cell by CPU time, and the largest wall-clock 95th percentile. A call
is what a dialog makes: it no longer builds what no dialog reads, which is built on its first read
(see the cold pass): the whole distribution of a d20 roll with augments (\`total\`) and of a Wild
Die roll (\`total\`, \`atLeast\`), the joint and marginal distributions of a Precision & Impact pick. The test \`test/engines/odds-legacy.test.ts\` checks both implementations' figures
on this grid: bit for bit for pool, percentile and the lone cascade; within 1e-12 relative (plus
1e-15 and the mass the legacy code's cut chains left out) for the groups computed another exact way
since issue 18 (the d20 with augments, the Wild Die, Precision & Impact), which
\`test/engines/odds-exact-rational.test.ts\` checks against exact rationals.

${tables.warm}

Cold: the first call of a cell in a fresh \`node\` process (\`bench/cold.ts\`): the grid, the engines
and the legacy code bundled once into one module (as the system ships one bundle); each process
loads it, builds its one request, collects the garbage of its start-up, then times the one call
(wall clock and the process's CPU time). Every cold cell runs in ${COLD_REPEATS} processes per
implementation, current and legacy alternating, and its figure is the median; the repeats go round
the whole list of cells, so a burst of other work on the machine (seconds long) falls on one sample
of many cells rather than on most samples of one. Cold cells: the
heaviest four of each group by the grid's weights and three spread over the rest (lightest
included); \`BENCH_COLD_ALL=1\` times every cell. A first call pays for what runs once in a process:
parsing and compiling the functions it reaches, the interpreter's first passes before the JIT
compiles a hot loop, and any table filled on demand. The CPU clock counts every thread of the
process, the start-up's background compiling and collecting included, so it can exceed the wall
clock: it is given for context, and the verdict is the wall clock's. "Cold cells > 1 ms" counts the
cold cells over the target (by their medians). On a busy machine a process is now and then held
off the CPU for milliseconds in the middle of its call; "worst cell's fastest process" gives, for
the slowest cell, its least disturbed process: what the call costs when it runs undisturbed. After the call, the same process times on the wall clock what a roll
dialog reads from the odds beyond their fields (the Wild Die dialog's P(total ≥ t) for the seven
targets around the mean; a Precision & Impact goal's chance under both picks): "with a dialog's
reads" is the first call plus these, the first open of a dialog. Then it reads every value of the
odds, nested ones included, which builds what the odds build on first read only: the whole
distribution of a d20 roll with augments, \`total\` and \`atLeast\` of a Wild Die roll, the joint and
marginal distributions of a Precision & Impact pick (no dialog reads them; the rules journal's
tables read some when the packs are built): "full read after".

${tables.cold}

Where a first call's time goes. A fresh process runs it in V8's interpreter: every function it
reaches is compiled on its first call, every loop pass costs some 0.1 µs until the JIT takes over,
and a function that loops some thousands of times is compiled by the optimising JIT on a background
thread, which on a busy machine can hold the call for milliseconds. So a first call costs a floor of
a few hundred µs for compiling what it reaches (the lightest cells show it) plus about its count of
arithmetic steps. Before issue 18's first-call work the heaviest cells computed every probability of
every total the dice can reach: a Wild Die with 5 Character Points convolved the exploding Wild Die
chain five times (about 184,000 multiply-adds, then 41,000 more for 11 normal dice); three d24
augments on a d20 were about 45,000 additions. Now, as exactly (the tests above):

- A d20 with augments: P(success) and P(failed by 5) depend only on the totals below the DC. With
  S a partial sum and C a cascade (C ≥ 1), P(S + C ≥ u) = P(S ≥ u − 1) + Σ over v ≤ u − 2 of
  P(S = v)·P(C ≥ u − v), where P(C ≥ ·) has a closed form: a few dozen terms for DC 15 and a
  modifier of 5, growing with the DC's distance above the modifier, not with the cascades' tails.
- The Wild Die: a chain is its last throw (1–5) plus 6 per 6 thrown, and the number of 6s of m
  chains has a closed form (negative binomial), so the normal dice and every chain's last throw are
  one short array of exact counts (running sums, a few hundred steps), and P(total ≥ t) is about
  twenty terms.
- Precision & Impact: the joint tables of (highest, second-highest) and (highest, lowest) are exact
  integer counts, differences of closed-form cumulative counts: a few steps per pair of faces
  instead of a pass over the dice per pair, and each probability one correctly rounded division.
  A dialog reads the means and the chance of a goal, both sums over the tables; the joint lists
  and the marginals (some hundred and fifty entries) are built on first read.

## 2. Resolution throughput

Seeded faces (\`seededFaces\`, mulberry32). \`rollWith\` is the whole protocol (validate, \`throwAll\`
asking \`plan\` until nothing is missing, resolve); \`resolve\` alone runs on 1024 pre-thrown rolls of
the validated request. Engines and calls are interleaved round by round (15 rounds of 60 ms slices,
in a rotating order). "Median (wall)" and "Median (CPU)" are the medians over the rounds, dividing
by wall-clock time or by this process's CPU time; "Best slice" is the fastest round by CPU time,
the one least disturbed by other work on the machine (the usual estimate of the code's own cost
on a noisy machine).

${tables.throughput}

### 2b. One engine alone

In the interleaved runs above all five engines pass through the same protocol functions (\`rollWith\`,
\`throwAll\`), so the JIT sees five engines at each call there and cannot specialise it. A world that
plays one engine sees one. Here each engine's \`rollWith\` runs alone in a fresh worker thread (a
new JavaScript engine instance), the workers one after another: 15 slices of 60 ms after a 200 ms
warm-up. CPU time is this process's, which in a worker includes the idle main thread (nothing).

${tables.isolated}

## 3. Side by side with rpg-dice-roller

\`@dice-roller/rpg-dice-roller\` from npm, in the same process. Its number generator's engine is
replaced by the same mulberry32 generator our \`seededFaces\` uses. "Re-roll" re-rolls one parsed
\`DiceRoll\` (\`roll()\`, then \`total\`); "new" builds \`new DiceRoll(notation)\` each time (parse, roll,
\`total\`). Ours is \`rollWith\` returning the full outcome. Each round times ours and both peer
variants for 60 ms each in a rotating order; rates are per second of CPU time, medians over 15
rounds, and each ratio is the median over the rounds of that round's ratio.

${tables.peer}

The peer's notation and an example of its output:

${examples}

## 4. Chat log

A long campaign's chat log, in headless Chromium (\`bench/chat.ts\`, page script \`bench/chat/page.ts\`),
styled with the built system CSS at the chat sidebar's width: ${chat.cards} stored cards of the five
engines in turn (ten request shapes), rendered from their saved rolls (request, outcome, the
card's ledgers: the engine's card view, then the card template), as the Roll subclasses render a
reloaded message; no odds are computed and no dice thrown. Templates are compiled once and their
partials registered compiled, as Foundry's \`loadTemplates\` keeps them. Beside them, ${chat.cards}
plain Foundry-style dice cards (\`bench/chat/plain-roll.hbs\`: flavor, formula, each die, total; 2d6 +
1d8 + 3) through the same Handlebars environment and the same log. "HTML per card" is building the
card's markup; "Into the log" adds putting every card in the log through style and layout (the
median of ${CHAT_ROUNDS} alternating rounds, divided by the number of cards). "Re-render one card" replaces one
card's content in the middle of the full log and reads its layout again (median of ${CHAT_RERENDERS}): for our
card, an action roll before and after an augment spend (its ledger, a d8 more); for the plain card,
its total changed. Memory: the JavaScript heap and the DOM nodes the full log adds (after a forced
garbage collection, read over the DevTools protocol), and the markup's size. The same run rendered
our cards' markup with the partials registered as source text, as the lab page and the tests
register them: ${formatMicros(chat.sourcePartialsHtmlPerCard)} per card (the same, within the noise: Handlebars
keeps a source partial once it has compiled it).

${tables.chat}

Where a card's time goes (same run): building every card's context (the total and the engine's
card view of the saved outcome and ledgers) takes ${formatMicros(chat.contextsPerCard)} per card; the
rest of "HTML per card" is the template. Each engine's cards alone, HTML per card:
${Object.entries<number>(chat.htmlPerCardByEngine)
  .map(([e, t]) => `${e} ${formatMicros(t)}`)
  .join(", ")}.
"The log drawn again" renders every card a second time through the rendered-card memo
(\`src/dice/cards/rendered.ts\`, used by \`EngineRoll#render\`): the key of what the card shows
(template, language, flavor, visibility, formula, total and the roll's stored options) as JSON, then
the kept markup; "JS heap per card" there is what the memo holds per card.

What was slow, and what changed (issue 18). Nothing on a card's render computes odds, throws dice
or compiles a template: Foundry compiles each template once and keeps it, and the engines' card
views cost about a microsecond. A card's time is its template: dozens of helper calls per card
(\`localize\`, \`concat\` and the partial of every die, whose role and marks are localized), against a
handful in the plain card; the cost follows what the card shows (the dice, their marks, the
ledgers). What was slow and is fixed:

- Foundry renders a message's rolls again whenever it renders the message (the log redrawn, its
  pop-out): each of our cards paid its template again. A card whose roll is
  unchanged now renders once (the memo above keeps the last ${RENDERED_CARDS_KEPT} cards); a spend changes
  the roll's stored options, so that card renders afresh, as "Re-render one card" measures.

${adviceSection(advice, chat.adviceInPage)}
${queueSection(queue)}
## Appendix: every odds cell

Warm medians (CPU time) of the current and the legacy code with their ratio, and first calls (wall
clock, median of the fresh processes of section 1; "n/a" for a cell the cold pass did not choose),
with what follows a first call in the same process: a dialog's reads ("—" where a dialog reads
fields only) and the full read of every value.

${tables.cells}
`;
  mkdirSync(dirname(DOC), { recursive: true });
  writeFileSync(DOC, doc);
  console.info(`Wrote ${DOC}; odds targets ${ODDS_TARGET_MICROS} µs warm, ${COLD_TARGET_MICROS} µs cold.`);
}

await main();
