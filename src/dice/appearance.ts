/**
 * How 3D dice (Dice So Nice) show each die role. Five roles look different from ordinary dice: bonus
 * dice, penalty dice, the Wild Die (its chain and Character Point wild dice), action dice and the GM's
 * action dice. Pure: which role a die plays, and what its term stores, from its flavor and whether
 * the running Dice So Nice has dice roles.
 *
 * - Dice So Nice 6.3 and later (v14) has per-system *dice roles*: the system registers each role with
 *   a default colorset (`addRole`), a die names its role in `options.dsnRole`, and the GM and each
 *   player may restyle every role in Dice So Nice's settings. The die carries only the role, so the
 *   table's own choice wins. [public code: Foundryborne/daggerheart `dsnConfig.mjs` getDiceRoles and
 *   its `diceSoNiceReady` hook; a Broken Empires module's `registerDiceRoles`/`tagRoll`; an Arkham
 *   Horror module's README ("the documented … `dsnRole` option")]
 * - Dice So Nice 5.x (v13) has no roles: the die names a colorset in `options.appearance`, stored
 *   with the roll, so every client shows the same dice. [docs/foundry-notes.md §9; DSN customization.md]
 *
 * Roles not listed keep the user's own dice.
 */

/** A Dice So Nice colorset the system registers. */
export interface Colorset {
  name: string;
  description: string;
  foreground: string;
  background: string;
  edge: string;
  outline: string;
}

/** The colorsets, by id; descriptions are localization keys. */
export const COLORSETS: readonly Colorset[] = Object.freeze([
  {
    name: "rolling-bones-bonus",
    description: "ROLLING_BONES.Dice3d.bonus",
    foreground: "#ffffff",
    background: "#1f6b3a",
    edge: "#0f3d20",
    outline: "#0b2b17",
  },
  {
    name: "rolling-bones-penalty",
    description: "ROLLING_BONES.Dice3d.penalty",
    foreground: "#ffffff",
    background: "#9b1c1c",
    edge: "#5c0f0f",
    outline: "#3d0808",
  },
  {
    name: "rolling-bones-wild",
    description: "ROLLING_BONES.Dice3d.wild",
    foreground: "#2b2118",
    background: "#e8b923",
    edge: "#8a6a0a",
    outline: "#4a3800",
  },
  {
    name: "rolling-bones-action",
    description: "ROLLING_BONES.Dice3d.action",
    foreground: "#ffffff",
    background: "#2c4a8a",
    edge: "#18294d",
    outline: "#0e1830",
  },
  {
    name: "rolling-bones-gm-action",
    description: "ROLLING_BONES.Dice3d.gmAction",
    foreground: "#f4e9d8",
    background: "#4b2a6b",
    edge: "#2b1640",
    outline: "#1a0d27",
  },
]);

/** A dice role the system registers with Dice So Nice 6.x. */
export interface DiceRole {
  /** The role's id (what a die's `options.dsnRole` names). */
  readonly id: string;
  /** The localization key of its name in Dice So Nice's settings. */
  readonly label: string;
  /** Its default colorset (one of {@link COLORSETS}). */
  readonly colorset: string;
  /** The dice shapes the role is thrown on (`d` + faces). */
  readonly dieTypes: readonly string[];
}

/** The five roles. */
export const DICE_ROLES: readonly DiceRole[] = Object.freeze([
  {
    id: "rolling-bones-bonus",
    label: "ROLLING_BONES.Dice3d.bonus",
    colorset: "rolling-bones-bonus",
    dieTypes: ["d10"],
  },
  {
    id: "rolling-bones-penalty",
    label: "ROLLING_BONES.Dice3d.penalty",
    colorset: "rolling-bones-penalty",
    dieTypes: ["d10"],
  },
  { id: "rolling-bones-wild", label: "ROLLING_BONES.Dice3d.wild", colorset: "rolling-bones-wild", dieTypes: ["d6"] },
  {
    id: "rolling-bones-action",
    label: "ROLLING_BONES.Dice3d.action",
    colorset: "rolling-bones-action",
    dieTypes: ["d3", "d4", "d6", "d8", "d10", "d12", "d14", "d16"],
  },
  {
    id: "rolling-bones-gm-action",
    label: "ROLLING_BONES.Dice3d.gmAction",
    colorset: "rolling-bones-gm-action",
    dieTypes: ["d6", "d8", "d10", "d12", "d14", "d16", "d20", "d24"],
  },
]);

/** The role of each engine die role (a term's flavor) that looks different from ordinary dice. */
const FLAVOR_ROLE: Readonly<Record<string, string>> = Object.freeze({
  bonus: "rolling-bones-bonus",
  penalty: "rolling-bones-penalty",
  wild: "rolling-bones-wild",
  wildSubtract: "rolling-bones-wild",
  cpWild: "rolling-bones-wild",
  action: "rolling-bones-action",
});

/** The GM's own action dice (an action die thrown for a roll the GM owns: its pool is the GM's). */
const GM_ACTION_ROLE = "rolling-bones-gm-action";

/**
 * The dice role of a die, or `undefined` for ordinary dice.
 *
 * @param flavor - The term's flavor (the engine's die role).
 * @param gm - Whether the roll is the GM's own (its action dice come from the GM's pool).
 */
export function diceRoleOf(flavor: string, gm = false): DiceRole | undefined {
  const id = Object.hasOwn(FLAVOR_ROLE, flavor) ? FLAVOR_ROLE[flavor] : undefined;
  const roleId = id === "rolling-bones-action" && gm ? GM_ACTION_ROLE : id;
  return DICE_ROLES.find((role) => role.id === roleId);
}

/** What a die term stores for 3D dice: its role (Dice So Nice 6.x) or its colorset (5.x). */
export type DieDress = { dsnRole: string } | { appearance: { colorset: string } };

/**
 * What a die of this flavor stores for 3D dice, or `undefined` for ordinary dice.
 *
 * @param flavor - The term's flavor (the engine's die role).
 * @param gm - Whether the roll is the GM's own.
 * @param roles - Whether the running Dice So Nice has dice roles (6.x); without it (5.x, or no
 *   module) the colorset is stored, so the dice look the same on every client.
 */
export function dieDress(flavor: string, gm: boolean, roles: boolean): DieDress | undefined {
  const role = diceRoleOf(flavor, gm);
  if (!role) return undefined;
  return roles ? { dsnRole: role.id } : { appearance: { colorset: role.colorset } };
}
