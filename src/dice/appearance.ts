/**
 * How 3D dice (Dice So Nice) show each die role. A term's `options.appearance` names a colorset;
 * it is stored with the roll, so every client shows the same dice. Roles not listed keep the
 * user's own dice.
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
  { name: "rolling-bones-bonus", description: "ROLLING_BONES.Dice3d.bonus", foreground: "#ffffff", background: "#1f6b3a", edge: "#0f3d20", outline: "#0b2b17" },
  { name: "rolling-bones-penalty", description: "ROLLING_BONES.Dice3d.penalty", foreground: "#ffffff", background: "#9b1c1c", edge: "#5c0f0f", outline: "#3d0808" },
  { name: "rolling-bones-wild", description: "ROLLING_BONES.Dice3d.wild", foreground: "#2b2118", background: "#e8b923", edge: "#8a6a0a", outline: "#4a3800" },
  { name: "rolling-bones-action", description: "ROLLING_BONES.Dice3d.action", foreground: "#ffffff", background: "#2c4a8a", edge: "#18294d", outline: "#0e1830" },
]);

/** The colorset of each die role that looks different from ordinary dice. */
export const ROLE_COLORSET: Readonly<Record<string, string>> = Object.freeze({
  bonus: "rolling-bones-bonus",
  penalty: "rolling-bones-penalty",
  wild: "rolling-bones-wild",
  wildSubtract: "rolling-bones-wild",
  cpWild: "rolling-bones-wild",
  action: "rolling-bones-action",
});

/** The appearance to store on a term of the given role, or undefined for ordinary dice. */
export function appearanceFor(role: string): { colorset: string } | undefined {
  const colorset = ROLE_COLORSET[role];
  return colorset ? { colorset } : undefined;
}
