/**
 * A Dice So Nice stand-in that follows the module's public API shape: `game.dice3d` with the
 * registration calls a system makes in `diceSoNiceReady` (`addSystem`, `addColorset`,
 * `addDicePreset`, and on the 6.x line `addRole`), `showForRoll` for dice added to a message, and how
 * a die's look is chosen on each client. The 6.x line is v14-only, the 5.x line v13's.
 * [docs/foundry-notes.md §9, §13.1; DSN Dice3D.js (addSystem, addDicePreset, addColorset, exports.COLORSETS,
 * `Hooks.call("diceSoNiceReady", this)`); roles: Foundryborne/daggerheart dsnConfig.mjs and its
 * diceSoNiceReady hook, public modules' `addRole(role, { package })`, `DiceFactory.getRole(id)` and
 * the `dsnRole` term option]
 */
import { strictObject } from "./strict.ts";

/** A dice role as registered. */
export interface RegisteredRole {
  id: string;
  label: string;
  group?: string;
  customizable?: boolean;
  dieTypes?: string[];
  defaults: { global: { colorset: string } };
  package: string;
}

/** What a test keeps of the stand-in. */
export interface DiceSoNiceDouble {
  /** The module line: 6 (dice roles; v14) or 5 (no roles; v13). */
  readonly version: 5 | 6;
  /** Every `showForRoll` call: the calling client, the roll's formula, the message id. */
  readonly calls: { userId: string; formula: string; messageId: string | null }[];
  /** How many animations wait for a hidden page, per client. */
  pending(userId: string): number;
  /** The registered systems. */
  readonly systems: { id: string; name: string }[];
  /** The registered colorsets, by name. */
  readonly colorsets: ReadonlyMap<string, Record<string, unknown>>;
  /** The registered dice presets: type, shape, number of labels, system. */
  readonly presets: { type: string; shape: string; labels: number; system: string }[];
  /** The registered dice roles, by id (always empty on 5.x). */
  readonly roles: ReadonlyMap<string, RegisteredRole>;
  /** A user restyles a role in Dice So Nice's settings (6.x): their dice of that role show this colorset. */
  restyleRole(userId: string, roleId: string, colorset: string): void;
  /**
   * The colorset a die term shows on a user's client, as Dice So Nice picks it: on 6.x a die naming a
   * registered role in `options.dsnRole` takes the user's appearance for that role, else the role's
   * default; otherwise a colorset named in `options.appearance`; otherwise `null` (the user's own dice).
   */
  colorsetOf(term: { options: object }, userId: string): string | null;
}

/** What the stand-in needs of the world. */
interface Host {
  currentUserId(): string;
  hidden: ReadonlySet<string>;
  waiting: Map<string, (() => void)[]>;
  callHook(name: string, ...args: unknown[]): void;
}

/**
 * Creates the stand-in's API and its test handle. The caller sets `game.dice3d`, activates the module,
 * then fires `diceSoNiceReady` with the API (as Dice So Nice does once it is ready).
 */
export function createDiceSoNice(version: 5 | 6, host: Host): { api: object; handle: DiceSoNiceDouble } {
  const calls: DiceSoNiceDouble["calls"] = [];
  const systems: { id: string; name: string }[] = [];
  const colorsets = new Map<string, Record<string, unknown>>();
  const presets: DiceSoNiceDouble["presets"] = [];
  const roles = new Map<string, RegisteredRole>();
  const styles = new Map<string, Map<string, string>>();
  const fail = (message: string): never => {
    throw new Error(`Dice So Nice stand-in: ${message}`);
  };
  const api: Record<string, unknown> = {
    addSystem(system: { id?: unknown; name?: unknown }, _mode?: string) {
      if (typeof system.id !== "string" || typeof system.name !== "string") fail("addSystem needs an id and a name");
      systems.push({ id: system.id as string, name: system.name as string });
    },
    addColorset(colorset: Record<string, unknown>, _mode?: string) {
      if (typeof colorset.name !== "string" || colorset.name.length === 0) fail("addColorset needs a name");
      colorsets.set(colorset.name as string, colorset);
      // [DSN Dice3D.js: addColorset is async]
      return Promise.resolve();
    },
    addDicePreset(preset: { type?: unknown; labels?: unknown; system?: unknown }, shape?: string) {
      if (typeof preset.type !== "string" || !Array.isArray(preset.labels))
        fail("addDicePreset needs a type and labels");
      // The stricter reading: a preset names a system registered before it.
      if (!systems.some((s) => s.id === preset.system)) fail(`addDicePreset: unknown system ${String(preset.system)}`);
      presets.push({
        type: preset.type as string,
        shape: shape ?? (preset.type as string),
        labels: (preset.labels as unknown[]).length,
        system: preset.system as string,
      });
    },
    showForRoll(
      roll: { formula: string },
      _user: unknown,
      _sync: boolean,
      _w: unknown,
      _b: boolean,
      messageId: string | null,
    ) {
      // showForRoll(roll, user, synchronize, whisper, blind, messageId, speaker) → Promise<boolean>, resolved
      // when the animation ends [docs/foundry-notes.md §9]. A hidden page plays nothing until it is shown again
      // [issue 15, observed; no public page found: the stricter reading].
      const userId = host.currentUserId();
      calls.push({ userId, formula: roll.formula, messageId: messageId ?? null });
      if (!host.hidden.has(userId)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        let list = host.waiting.get(userId);
        if (!list) host.waiting.set(userId, (list = []));
        list.push(() => resolve(true));
      });
    },
    // [DSN Dice3D.js constructor: `this.exports = { …, COLORSETS }`]
    exports: strictObject(
      {
        get COLORSETS() {
          return Object.fromEntries(colorsets);
        },
      },
      "game.dice3d.exports",
    ),
  };
  if (version === 6) {
    api.addRole = (role: Partial<RegisteredRole>, options?: { package?: unknown }) => {
      // The stricter reading of each field public systems pass.
      if (typeof role.id !== "string" || role.id.length === 0) fail("addRole needs an id");
      if (roles.has(role.id as string)) fail(`addRole: role ${role.id} is already registered`);
      if (typeof role.label !== "string" || role.label.length === 0) fail(`addRole: role ${role.id} needs a label`);
      const colorset = role.defaults?.global?.colorset;
      if (typeof colorset !== "string" || !colorsets.has(colorset))
        fail(`addRole: role ${role.id}'s default colorset ${String(colorset)} is not registered`);
      if (typeof options?.package !== "string") fail(`addRole: role ${role.id} needs its package`);
      roles.set(role.id as string, { ...(role as RegisteredRole), package: options?.package as string });
    };
    api.DiceFactory = strictObject({ getRole: (id: string) => roles.get(id) }, "game.dice3d.DiceFactory");
  }
  const handle: DiceSoNiceDouble = {
    version,
    calls,
    pending: (userId) => host.waiting.get(userId)?.length ?? 0,
    systems,
    colorsets,
    presets,
    roles,
    restyleRole(userId, roleId, colorset) {
      if (version !== 6) fail("dice roles are a 6.x feature");
      if (!roles.has(roleId)) fail(`restyleRole: unknown role ${roleId}`);
      let mine = styles.get(userId);
      if (!mine) styles.set(userId, (mine = new Map<string, string>()));
      mine.set(roleId, colorset);
    },
    colorsetOf(term, userId) {
      const options = term.options as { dsnRole?: unknown; appearance?: { colorset?: unknown } };
      if (version === 6 && typeof options.dsnRole === "string") {
        const role = roles.get(options.dsnRole);
        if (role) return styles.get(userId)?.get(role.id) ?? role.defaults.global.colorset;
      }
      const named = options.appearance?.colorset;
      return typeof named === "string" ? named : null;
    },
  };
  // 5.x has no roles: probing for `addRole` reads undefined there, as on any object without it.
  return { api: strictObject(api, "game.dice3d", version === 5 ? ["addRole"] : []), handle };
}
