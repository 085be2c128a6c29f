/**
 * The GM's difficulty dial (issue 26), Foundry-free: for the trait a roll request asks for, each
 * named character's exact chance at the chosen target (the action DC, the Wild Die target number, the
 * Precision needed, the pool difficulty; percentile: the bonus or penalty dice), the chance that at
 * least one and that all of them succeed, and the target that gives a chosen chance to one character,
 * to at least one, or to all of them. Each character's roll is the one the request would ask of it
 * (`rollForSpec`), without points or action dice.
 */
import {
  actionAdvice,
  partyChance,
  percentileAdvice,
  piAdvice,
  poolAdvice,
  solveDial,
  wildAdvice,
  type DialFor,
} from "../../engines/advice.ts";
import { EngineError, type action, type percentile, type pi, type pool, type wild } from "../../engines/core.ts";
import type { CharacterEngine } from "../../data/actor/pure.ts";
import { formatChanceAgainst, formatPercent } from "../../helpers/format.ts";
import { formatNumber, formatSigned } from "../../helpers/numbers.ts";
import { MAX_REQUEST_NET, TARGETS, rollForSpec, type RequestTrait } from "../../services/requests/spec.ts";

/** A character the dial reads: its id, name and stored data (its traits). */
export interface DialCharacter {
  readonly id: string;
  readonly name: string;
  readonly system: unknown;
}

/** What the dial is asked. */
export interface DialInput {
  readonly engine: CharacterEngine;
  readonly trait: RequestTrait;
  /** The chosen target (percentile: the net dice); `null` when none is chosen yet. */
  readonly target: number | null;
  /** The characters named. */
  readonly characters: readonly DialCharacter[];
  /** The chance to solve for, in percent (text as the form holds it). */
  readonly wanted: string;
  /** Whose chance: a character's id, `atLeastOne` or `all`. */
  readonly who: string;
  /** Makes a character's request ready for the odds (the world's results table for percentile). */
  readonly prepare?: (request: unknown) => unknown;
  /** The user's language. */
  readonly lang: string;
}

/** One character's row. */
export interface DialRow {
  readonly id: string;
  readonly name: string;
  /** The chance at the chosen target, formatted, or `null` (no target yet, or the character cannot roll the trait). */
  readonly chance: string | null;
  readonly p: number | null;
  /** True when the character has no such trait (named entries are matched by name). */
  readonly missing: boolean;
}

/** The dial's view. */
export interface DialView {
  /** Whether the engine's target is a number to reach (false: percentile's dice, easiest first). */
  readonly targetIsDice: boolean;
  readonly rows: readonly DialRow[];
  /** The party's chances at the chosen target (two or more characters who can roll it), or `null`. */
  readonly party: { readonly atLeastOne: string; readonly all: string } | null;
  /** The choices of whose chance to solve for. */
  readonly whoOptions: readonly {
    readonly value: string;
    readonly labelKey: string | null;
    readonly text: string;
    readonly selected: boolean;
  }[];
  /** The chance asked for, as the form holds it. */
  readonly wanted: string;
  /** The target found, its chance and the next harder one; `null` without characters or a valid chance. */
  readonly solved: {
    readonly target: number | null;
    readonly chance: string;
    readonly harder: { readonly target: number; readonly chance: string } | null;
    /** The target as the form field writes it (`+2` for dice). */
    readonly text: string;
  } | null;
  /** Why nothing could be solved (a chance that is not 1–99), as a key, or `null`. */
  readonly problem: string | null;
}

/** Each engine's chance at a target and the targets it offers, easiest first. */
const ENGINES: Readonly<
  Record<
    CharacterEngine,
    { chanceAt(request: unknown, target: number): number; targets(requests: readonly unknown[]): number[] }
  >
> = {
  action: {
    chanceAt: (r, t) => actionAdvice.chanceAt(r as action.ActionRequest, t),
    targets: (rs) => actionAdvice.dialTargets(rs as action.ActionRequest[]).filter((t) => t <= TARGETS.action.max),
  },
  wild: {
    chanceAt: (r, t) => wildAdvice.chanceAt(r as wild.WildRequest, t),
    targets: (rs) => wildAdvice.dialTargets(rs as wild.WildRequest[]).filter((t) => t <= TARGETS.wild.max),
  },
  pi: {
    chanceAt: (r, t) => piAdvice.chanceAt(r as pi.PiRequest, t),
    targets: (rs) => piAdvice.dialTargets(rs as pi.PiRequest[]).filter((t) => t <= TARGETS.pi.max),
  },
  pool: {
    chanceAt: (r, t) => poolAdvice.chanceAt(r as pool.PoolRequest, t),
    targets: () => [...poolAdvice.DIAL_TARGETS],
  },
  percentile: {
    chanceAt: (r, t) => percentileAdvice.chanceAt(r as percentile.PercentileRequest, t),
    targets: () => percentileAdvice.dialTargets(MAX_REQUEST_NET),
  },
};

/** A character's request for the trait (no target), or `null` when it has no such trait. */
function requestOf(input: DialInput, character: DialCharacter): unknown {
  try {
    const roll = rollForSpec(
      {
        engine: input.engine,
        label: "",
        trait: input.trait,
        target: null,
        hidden: false,
        net: 0,
        actors: [character.id],
      },
      character.system,
    );
    return input.prepare ? input.prepare(roll.request) : roll.request;
  } catch (error) {
    if (error instanceof EngineError) return null;
    throw error;
  }
}

/**
 * The dial for a request being written.
 *
 * @param input - The engine, trait, target, characters, the chance to solve for and for whom.
 */
export function dialView(input: DialInput): DialView {
  const engine = ENGINES[input.engine];
  const requests = input.characters.map((c) => requestOf(input, c));
  const rollable = input.characters.flatMap((c, i) => (requests[i] === null ? [] : [{ c, request: requests[i] }]));
  const chanceAt = (request: unknown, target: number): number => {
    try {
      return engine.chanceAt(request, target);
    } catch (error) {
      if (error instanceof EngineError) return 0;
      throw error;
    }
  };
  const rows: DialRow[] = input.characters.map((c, i) => {
    const request = requests[i];
    const p = request === null || input.target === null ? null : chanceAt(request, input.target);
    return {
      id: c.id,
      name: c.name,
      chance: p === null ? null : formatPercent(p, input.lang),
      p,
      missing: request === null,
    };
  });
  const known = rows.filter((r) => r.p !== null).map((r) => r.p as number);
  const party =
    known.length >= 2
      ? {
          atLeastOne: formatPercent(partyChance(known).atLeastOne, input.lang),
          all: formatPercent(partyChance(known).all, input.lang),
        }
      : null;
  const who: DialFor =
    input.who === "all"
      ? "all"
      : input.who === "atLeastOne"
        ? "atLeastOne"
        : Math.max(
            0,
            rollable.findIndex((r) => r.c.id === input.who),
          );
  const whoOptions = [
    ...rollable.map((r) => ({ value: r.c.id, labelKey: null, text: r.c.name, selected: input.who === r.c.id })),
    ...(rollable.length >= 2
      ? [
          {
            value: "atLeastOne",
            labelKey: "ROLLING_BONES.Dial.AtLeastOne",
            text: "",
            selected: input.who === "atLeastOne",
          },
          { value: "all", labelKey: "ROLLING_BONES.Dial.All", text: "", selected: input.who === "all" },
        ]
      : []),
  ];
  const percent = Number(input.wanted.trim());
  let solved: DialView["solved"] = null;
  let problem: string | null = null;
  if (!Number.isFinite(percent) || percent < 1 || percent > 99) problem = "ROLLING_BONES.Dial.BadChance";
  else if (rollable.length > 0) {
    const targets = engine.targets(rollable.map((r) => r.request));
    const s = solveDial(targets, (t) => rollable.map((r) => chanceAt(r.request, t)), who, percent / 100);
    const text = (t: number) =>
      input.engine === "percentile" ? formatSigned(t, input.lang) : formatNumber(t, input.lang);
    solved = {
      target: s.target,
      chance: formatChanceAgainst(s.chance, percent / 100, input.lang),
      harder: s.harder
        ? { target: s.harder.target, chance: formatChanceAgainst(s.harder.chance, percent / 100, input.lang) }
        : null,
      text: s.target === null ? "" : text(s.target),
    };
  }
  return {
    targetIsDice: input.engine === "percentile",
    rows,
    party,
    whoOptions,
    wanted: input.wanted,
    solved,
    problem,
  };
}
