/**
 * The lab's fight (issue 35, "The lab plays a fight"): pick an engine, its fighters (its sample
 * characters and bestiary NPCs), attack with a weapon against targets (a verdict per target), roll
 * the damage, apply ×½, ×1, ×2 or Heal and undo it from the card's panel, watch wounds and defeat on
 * the tokens and sheets, roll initiative, advance turns and rounds and watch timed conditions run
 * out. Every change goes through the fight model (`model/fight.ts`, the system's pure code); the
 * cards, panels and sheets are drawn by the system's templates with the contexts Foundry builds.
 */
import type { DialogSettings } from "../src/applications/dialogs/types.ts";
import { damageButton } from "../src/applications/chat/card-controls.ts";
import { harmControlsView, shownTargetsOf } from "../src/applications/chat/harm-view.ts";
import { readDurationPicker } from "../src/applications/sheets/duration-picker.ts";
import type { ConditionDuration } from "../src/applications/sheets/views/index.ts";
import { conditionNameKey } from "../src/data/conditions/index.ts";
import { harm, type EngineId } from "../src/engines/index.ts";
import { errorMessage } from "../src/helpers/notify.ts";
import { afterEvent, showStatus } from "./dom.ts";
import type { Localization } from "./i18n.ts";
import {
  FIGHT_GM,
  LAB_ENGINES,
  MAX_SEED,
  addCondition,
  addFighter,
  applyFromCard,
  attack,
  beginCombat,
  changeSheet,
  cardContext,
  cardTemplateFile,
  currentFighter,
  damageOf,
  damageOffer,
  endCombat,
  engineOfActor,
  facesText,
  fighterActor,
  harmRoll,
  newFight,
  nextRound,
  nextTurn,
  parseSeed,
  randomSeed,
  removeCondition,
  rollDamage,
  sheetContext,
  timeLeft,
  undoEntry,
  type FightCard,
  type FightState,
  type FightUpdate,
  type Fighter,
  type SampleActor,
} from "./model.ts";
import type { Renderer } from "./templates.ts";

/** What the fight reads from the page. */
export interface FightHost {
  readonly i18n: Localization;
  readonly render: Renderer;
  /** The world settings now. */
  settings(): DialogSettings;
  /** A uniform generator in [0, 1) for new seeds. */
  readonly random: () => number;
}

/** The lab's fight section. */
export class FightPanel {
  #state: FightState;

  /** The attack form's choices, kept across renders. */
  #choice: { attacker: string | null; weapon: string | null; targets: readonly string[] } = {
    attacker: null,
    weapon: null,
    targets: [],
  };

  /** The sheets left open, by fighter. */
  readonly #open = new Set<string>();

  #seed: number;

  /** The sheets' duration picker's last choice (until removed at first). */
  #duration: ConditionDuration | undefined;

  constructor(
    readonly section: HTMLElement,
    readonly roster: readonly SampleActor[],
    readonly host: FightHost,
  ) {
    this.#seed = randomSeed(host.random);
    this.#state = newFight(LAB_ENGINES[0] as EngineId, roster);
    this.#listen();
    this.render();
  }

  /** The fight now. */
  get state(): FightState {
    return this.#state;
  }

  /** Starts a new fight in an engine. */
  start(engine: EngineId): void {
    this.#state = newFight(engine, this.roster);
    this.#choice = { attacker: null, weapon: null, targets: [] };
    this.#open.clear();
    this.render();
  }

  /** Takes a change: the new fight, or its refusal in the status line (nothing changed). */
  #take(update: FightUpdate, done?: string): boolean {
    if (!update.ok) {
      // Drawn again as it was (a refused figure shows the stored one), with the refusal said.
      this.render();
      showStatus(
        this.section.querySelector("[data-lab-fight-status]"),
        errorMessage(update.error, this.host.i18n),
        "warning",
      );
      return false;
    }
    this.#state = update.state;
    this.render();
    const said = [...(done ? [done] : []), ...(update.ended ?? [])].join(" ");
    showStatus(this.section.querySelector("[data-lab-fight-status]"), said, "done");
    return true;
  }

  /** The seed for the next throw: the one shown, then a new random one. */
  #nextSeed(): number {
    const input = this.section.querySelector<HTMLInputElement>("[data-fight-seed]");
    const seed = parseSeed(input?.value ?? "") ?? randomSeed(this.host.random);
    this.#seed = randomSeed(this.host.random);
    if (input) input.value = String(this.#seed);
    return seed;
  }

  /** The attacker chosen (the fighter whose turn it is, else the first), its weapon and targets. */
  #chosen(): { attacker: Fighter | null; weapon: string | null; targets: string[] } {
    const fighters = this.#state.fighters;
    const byId = (id: string | null) => fighters.find((f) => f.id === id) ?? null;
    const attacker = byId(this.#choice.attacker) ?? byId(currentFighter(this.#state)) ?? fighters[0] ?? null;
    const weapons = attacker ? attacker.actor.items.filter((i) => i.type === "weapon") : [];
    const weapon = weapons.find((w) => w.id === this.#choice.weapon)?.id ?? weapons[0]?.id ?? null;
    const others = fighters.filter((f) => f.id !== attacker?.id);
    const kept = this.#choice.targets.filter((id) => others.some((f) => f.id === id));
    // Until targets are ticked, the attack targets the first fighter on the other side.
    const side = attacker?.actor.playerCharacter;
    const first = others.find((f) => f.actor.playerCharacter !== side) ?? others[0];
    return {
      attacker,
      weapon,
      targets: kept.length > 0 || this.#choice.targets.length > 0 ? kept : first ? [first.id] : [],
    };
  }

  /** Draws the whole section from the fight. */
  render(): void {
    const { i18n, render } = this.host;
    const state = this.#state;
    const chosen = this.#chosen();
    const current = currentFighter(state);
    const combat = state.combat;
    const name = (id: string) => state.fighters.find((f) => f.id === id)?.actor.name ?? "";
    const view = {
      engines: LAB_ENGINES.map((id) => ({ id, label: `ROLLING_BONES.Engine.${id}`, selected: id === state.engine })),
      recruits: this.roster
        .filter((a) => engineOfActor(a) === state.engine && !a.playerCharacter)
        .map((a) => ({ id: a.id, name: a.name })),
      seed: this.#seed,
      maxSeed: MAX_SEED,
      inCombat: combat !== null,
      round: combat
        ? i18n.format("ROLLING_BONES.Lab.Fight.Round", { round: String(combat.round), who: name(current ?? "") })
        : i18n.localize("ROLLING_BONES.Lab.Fight.NoCombat"),
      order: (combat?.order ?? []).map((id) => {
        const f = state.fighters.find((x) => x.id === id);
        const initiative = combat?.initiative[id];
        return {
          name: name(id),
          initiative:
            initiative === null || initiative === undefined
              ? i18n.localize("ROLLING_BONES.Lab.Fight.NoInitiative")
              : i18n.format("ROLLING_BONES.Lab.Fight.Initiative", { value: String(initiative) }),
          current: id === current,
          defeated: f?.defeated === true,
          state: f?.defeated ? i18n.localize("ROLLING_BONES.Harm.Defeated") : "",
        };
      }),
      attackers: state.fighters.map((f) => ({ id: f.id, name: f.actor.name, selected: f.id === chosen.attacker?.id })),
      weapons: (chosen.attacker?.actor.items ?? [])
        .filter((i) => i.type === "weapon")
        .map((w) => ({ id: w.id, name: w.name, selected: w.id === chosen.weapon })),
      targets: state.fighters
        .filter((f) => f.id !== chosen.attacker?.id)
        .map((f) => ({ id: f.id, name: f.actor.name, checked: chosen.targets.includes(f.id) })),
      fighters: state.fighters.map((f) => this.#fighterView(f, f.id === current)),
      cards: state.cards.map((card) => ({
        id: card.id,
        html: render.system(
          cardTemplateFile(card.roll.engine, card.roll.request),
          cardContext(card.roll, {
            flavor: card.title,
            stored: card.stored,
            conditions: card.stored.conditions,
            equipment: card.stored.equipment,
            attack: card.stored.attack,
            lang: i18n.lang,
          }),
        ),
        faces: card.roll.throws.length
          ? i18n.format("ROLLING_BONES.Lab.Chat.Faces", { faces: facesText(card.roll.throws) })
          : i18n.localize("ROLLING_BONES.Lab.Chat.NoFaces"),
      })),
    };
    const focused = this.#focusKey();
    this.section.innerHTML = render.lab("fight", view);
    for (const card of state.cards) this.#decorate(card);
    // Each fighter's figures are a region of their own, named for whose they are (landmarks are unique).
    for (const f of view.fighters) {
      this.section.querySelector(`[data-fighter="${f.id}"] .rb-stats`)?.setAttribute("aria-label", f.sheetLabel);
    }
    this.#restoreFocus(focused);
  }

  /** A fighter's token and sheet. */
  #fighterView(f: Fighter, current: boolean) {
    const { i18n, render } = this.host;
    const timed = f.conditions.flatMap((c) => {
      const left = timeLeft(this.#state, f.id, c);
      return c.duration && left !== null
        ? [{ id: c.status, name: i18n.localize(conditionNameKey(c.status)), value: left, units: c.duration.units }]
        : [];
    });
    const context = sheetContext(fighterActor(f), true, i18n, this.#duration, {
      timed,
      health: { rules: harm.DEFAULT_WOUND_RULES, defeated: f.defeated },
      idPrefix: `lab-fight-${f.id}`,
    });
    return {
      id: f.id,
      name: f.actor.name,
      health: f.health,
      healthLabel: `${i18n.localize("ROLLING_BONES.Harm.Health")}: ${i18n.format("ROLLING_BONES.Harm.Of", {
        value: String(f.health.value),
        max: String(f.health.max),
      })}`,
      wound: f.wound ? i18n.localize(conditionNameKey(`rb-${f.wound.id}`)) : null,
      marks: timed.map((t) =>
        i18n.format("ROLLING_BONES.Harm.Timed.Item", {
          name: t.name,
          left: i18n.format(`ROLLING_BONES.Harm.Timed.${t.units}`, { value: String(t.value) }),
        }),
      ),
      defeated: f.defeated,
      current,
      open: this.#open.has(f.id),
      sheetLabel: i18n.format("ROLLING_BONES.Lab.Fight.Sheet", { name: f.actor.name }),
      html: render.system("templates/sheets/shared/stats.hbs", context),
    };
  }

  /** Adds to a drawn card what the chat hook adds for the GM: the Roll damage button, the damage panel. */
  #decorate(card: FightCard): void {
    const { i18n, render } = this.host;
    const element = this.section.querySelector<HTMLElement>(`[data-fight-card="${card.id}"] .rb-card`);
    if (!element) return;
    const offer = damageOffer(card);
    if (offer) {
      const key = offer === "force" ? "ROLLING_BONES.Damage.CardButtonForce" : "ROLLING_BONES.Damage.CardButton";
      element.append(damageButton(card.attacker, i18n.localize(key)));
    }
    const amount = damageOf(card);
    if (amount === null && card.ledger.length === 0) return;
    const view = harmControlsView(
      {
        amount,
        targets:
          amount === null
            ? []
            : shownTargetsOf(harmRoll(card), (ref) => this.#state.fighters.find((f) => f.id === ref.actor)?.actor.name),
        selection: false,
        entries: card.ledger,
        mayUndo: () => true,
        gm: true,
      },
      i18n,
    );
    element.insertAdjacentHTML("beforeend", render.system("templates/chat/harm-controls.hbs", { ...view }));
  }

  /** What identifies the focused control, to focus its new copy after a render. */
  #focusKey(): string | null {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !this.section.contains(active)) return null;
    const card = active.closest<HTMLElement>("[data-fight-card]")?.dataset.fightCard;
    const fighter = active.closest<HTMLElement>("[data-fighter]")?.dataset.fighter;
    const attrs = [
      "data-fight",
      "data-rb-action",
      "data-multiplier",
      "data-actor",
      "data-entry",
      "data-action",
      "data-status",
      "name",
      "value",
    ]
      .filter((a) => active.hasAttribute(a))
      .map((a) => `[${a}="${CSS.escape(active.getAttribute(a) ?? "")}"]`)
      .join("");
    const scope = card ? `[data-fight-card="${card}"] ` : fighter ? `[data-fighter="${fighter}"] ` : "";
    return attrs === "" ? null : `${scope}${active.tagName.toLowerCase()}${attrs}`;
  }

  #restoreFocus(key: string | null): void {
    if (key === null) return;
    const target = this.section.querySelector<HTMLElement>(key);
    // A control that is gone (Roll damage once rolled, an undone line's Undo) leaves the focus on its card.
    (target ?? this.section.querySelector<HTMLElement>("[data-lab-fight-status]"))?.focus({ preventScroll: true });
  }

  /** Reads the attack form's choices. */
  #readAttack(form: HTMLFormElement): void {
    const data = new FormData(form);
    const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");
    const attacker = text(data.get("attacker"));
    const changed = attacker !== this.#chosen().attacker?.id;
    this.#choice = {
      attacker,
      weapon: changed ? null : text(data.get("weapon")),
      targets: changed ? [] : data.getAll("target").map(text),
    };
  }

  #listen(): void {
    const section = this.section;
    section.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      if (!form.matches("[data-lab-fight-attack]")) return;
      this.#readAttack(form);
      const chosen = this.#chosen();
      if (!chosen.attacker || !chosen.weapon) return;
      const { i18n } = this.host;
      const made = attack(
        this.#state,
        chosen.attacker.id,
        chosen.weapon,
        chosen.targets,
        this.#nextSeed(),
        this.host.settings(),
        i18n,
      );
      if (this.#take(made)) this.#showLast();
    });
    section.addEventListener("change", (event) => {
      const target = event.target as HTMLElement;
      const form = target.closest<HTMLFormElement>("[data-lab-fight-attack]");
      if (form) {
        this.#readAttack(form);
        afterEvent(() => this.render());
        return;
      }
      // A figure typed on a fighter's sheet, checked as the sheet checks it.
      const fighter = target.closest<HTMLElement>("[data-fighter]")?.dataset.fighter;
      if (fighter && target instanceof HTMLInputElement && target.name.startsWith("system.")) {
        const value = target.type === "number" ? target.valueAsNumber : target.value;
        afterEvent(() => this.#take(changeSheet(this.#state, fighter, { [target.name]: value })));
      }
    });
    section.addEventListener(
      "toggle",
      (event) => {
        const details = event.target as HTMLDetailsElement;
        const id = details.dataset?.fightSheet;
        if (!id) return;
        if (details.open) this.#open.add(id);
        else this.#open.delete(id);
      },
      true,
    );
    section.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button");
      if (!button || button.disabled || !section.contains(button)) return;
      this.#press(button);
    });
  }

  /** Runs a pressed button: the set-up's, the tracker's, a card's or a sheet's. */
  #press(button: HTMLButtonElement): void {
    const { i18n } = this.host;
    const state = this.#state;
    const fight = button.dataset.fight;
    const cardId = button.closest<HTMLElement>("[data-fight-card]")?.dataset.fightCard;
    const fighterId = button.closest<HTMLElement>("[data-fighter]")?.dataset.fighter;
    switch (fight) {
      case "new": {
        const engine = this.section.querySelector<HTMLSelectElement>("[data-fight-engine]")?.value;
        const chosen = LAB_ENGINES.find((e) => e === engine);
        if (chosen) this.start(chosen);
        return;
      }
      case "add": {
        const id = this.section.querySelector<HTMLSelectElement>("[data-fight-recruit]")?.value;
        const actor = this.roster.find((a) => a.id === id);
        if (actor) this.#take(addFighter(state, actor));
        return;
      }
      case "beginCombat":
        this.#take(beginCombat(state, this.#nextSeed()));
        return;
      case "nextTurn":
        this.#take(nextTurn(state, i18n));
        return;
      case "nextRound":
        this.#take(nextRound(state, i18n));
        return;
      case "endCombat":
        this.#take(endCombat(state));
        return;
      default:
        break;
    }
    const action = button.dataset.rbAction;
    if (cardId && action === "rollDamage") {
      if (this.#take(rollDamage(state, cardId, this.#nextSeed(), this.host.settings(), i18n))) this.#showLast();
      return;
    }
    if (cardId && action === "harmApply") {
      const target = button.dataset.actor ?? "";
      this.#take(applyFromCard(state, cardId, target, button.dataset.multiplier, { ...FIGHT_GM, gm: true }));
      return;
    }
    if (cardId && action === "harmUndo") {
      this.#take(undoEntry(state, cardId, button.dataset.entry ?? ""));
      return;
    }
    if (fighterId && button.dataset.action === "toggleCondition") {
      const status = button.dataset.status ?? "";
      const fighter = state.fighters.find((f) => f.id === fighterId);
      if (fighter?.conditions.some((c) => c.status === status)) {
        this.#take(removeCondition(state, fighterId, status));
        return;
      }
      // Until removed, or for the rounds or turns the sheet's duration picker names (docs/rules.md §6).
      this.#duration = readDurationPicker(button.closest("[data-stat]"));
      this.#take(addCondition(state, fighterId, status, this.#duration));
      return;
    }
    if (fighterId && button.dataset.action) {
      // The sheet's other controls reach beyond this fight (rolls open in the engine's panel above).
      showStatus(
        this.section.querySelector("[data-lab-fight-status]"),
        i18n.localize("ROLLING_BONES.Lab.Fight.SheetOnly"),
        "note",
      );
    }
  }

  /** Brings the newest card into view. */
  #showLast(): void {
    const cards = this.section.querySelectorAll<HTMLElement>("[data-fight-card]");
    cards[cards.length - 1]?.scrollIntoView({ block: "nearest" });
  }
}
