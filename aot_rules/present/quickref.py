"""The quick-reference sheets: one page per rule system, the numbers a player looks up most.

Every number is computed here, at build time, by the engine's own rule functions (move allowance,
the faces that hit and save, the weather of each double, the points table, the registered
mechanics); a sheet is MyST markdown, so its rule badges link to the chapters that explain them.
The print stylesheet (``book/_static/print.css``) lays a sheet out on one side of A4.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from aot_rules.core.format import fraction_str, percent_str
from aot_rules.core.i18n import Message, language, localised, msg, render_value, text
from aot_rules.core.registry import Mechanic
from aot_rules.present.rulelinks import rule_badge


def start_inputs(m: Mechanic[Any]) -> dict[str, Any]:
    """Where a static widget's controls start: each input's default if its grid has it, else the grid's
    fourth value (or its last), as :mod:`aot_rules.present.static` lays them out."""
    out = {}
    for p in m.inputs:
        values = tuple(p.values())
        out[p.name] = p.default if p.default in values else values[min(3, len(values) - 1)]
    return out


def _md_table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = ["| " + " | ".join(map(cell, head)) + " |", "|" + "|".join(":--" for _ in head) + "|"]
    lines += ["| " + " | ".join(map(cell, r)) + " |" for r in rows]
    return "\n".join(lines)


def _faces(faces: Iterable[int]) -> str:
    """Faces as a player reads them: '1–3', '5, 6', or '—' for none (never broken across lines: the
    dash is held by word joiners and the comma by a no-break space)."""
    fs = sorted(faces)
    if not fs:
        return "—"
    if len(fs) > 2 and fs == list(range(fs[0], fs[-1] + 1)):
        return f"{fs[0]}\u2060–\u2060{fs[-1]}"
    return ",\u00a0".join(map(str, fs))


def _named(member: object) -> str:
    """A vocabulary member (a weapon, a weather) as the reader's language names it."""
    return render_value(member, language())


def _head(*cells: Message | str) -> list[str]:
    """A table's row of headings (or of row labels), rendered now."""
    return [text(c) for c in cells]


def _p(p: Fraction) -> str:
    """A chance as a fraction and a percentage; a fraction too long to read at the table is left out."""
    if p.denominator > 1000:
        return f"≈\u00a0{percent_str(p, 1)}"
    return f"{fraction_str(p)} ({percent_str(p, 0)})"


class Sheet:
    """A sheet under construction: blocks of a title, badges and a table or a list."""

    def __init__(self, labels: frozenset[str]) -> None:
        self.labels = labels
        self.blocks: list[str] = []

    def badges(self, *rule_ids: str) -> str:
        return " ".join(rule_badge(r, self.labels) for r in rule_ids)

    def block(self, title: Message | str, rule_ids: Sequence[str], body: str, note: Message | str = "",
              wide: bool = False) -> None:
        """One block, its title and note rendered now; a ``wide`` one spans every column of the printed sheet."""
        said = f"**{text(title)}** {self.badges(*rule_ids)}\n\n{body}\n"
        if note:
            said += f"\n{text(note)}\n"
        self.blocks.append(f":::{{container}} aot-qr-block{' aot-qr-wide' if wide else ''}\n{said}:::\n")

    def markdown(self) -> str:
        return "::::{container} aot-quickref\n" + "\n".join(self.blocks) + "::::\n"


def odds_block(sheet: Sheet, prefix: str, title: Message | str) -> None:
    """Every registered mechanic of one system at its widget's starting inputs: what it says most often."""
    from aot_rules.systems import all_mechanics

    rows = []
    for m in all_mechanics():
        if not m.rule_id.startswith(prefix + "-") or m.deterministic:
            continue
        out = m.evaluate(**start_inputs(m))
        law = out.dists[out.main]
        values = law.outcomes()
        if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            said = str(msg("mean {exact}\u00a0({approx})", exact=fraction_str(law.mean()),
                           approx=localised(f"{float(law.mean()):.2f}")))
        else:
            mode = law.mode()
            outcome = (msg("yes") if mode else msg("no")) if isinstance(mode, bool) else mode  # a yes/no outcome
            said = str(msg("{outcome}: {chance}", outcome=outcome, chance=_p(law[mode])))
        rows.append([rule_badge(m.rule_id, sheet.labels), text(m.title),
                     str(msg("{what}: {said}", what=out.label(out.main), said=said))])
    sheet.block(title, (), _md_table(_head(msg("rule"), msg("what"), msg("at the calculator's start")), rows),
                wide=True)


# --- Art of Tactics ------------------------------------------------------------------------------------------


def aot_sheet(labels: frozenset[str]) -> str:
    from aot_rules.aot.army.costs import BUDGET, COSTS, MAX_ELITE, points_str
    from aot_rules.aot.equipment import MeleeWeapon
    from aot_rules.aot.rules.disorder import disorder_test
    from aot_rules.aot.rules.melee import horse_strike_hits, weapon_hits
    from aot_rules.aot.rules.movement import move_allowance, retreat_move
    from aot_rules.aot.rules.protection import armour_turns, horse_armour_turns, shield_wall_saves
    from aot_rules.aot.rules.shooting import hits_on_face
    from aot_rules.aot.rules.turn import TURN_SEQUENCE, Stage
    from aot_rules.aot.rules.weather import Weather, WindFrom, effects, four_ways, weather_of_double
    from aot_rules.aot.units import Unit

    s = Sheet(labels)
    densities = range(1, 6)
    faces = range(1, 7)

    steps = []
    for st in TURN_SEQUENCE:
        indent = "   " if st.stage is Stage.SLOT else ""
        steps.append(f"{indent}- **{st.mark}** {st.title} {rule_badge(st.rules[0], labels)}")
    s.block(msg("The turn"), ("AOT-TURN-SEQUENCE",), "\n".join(steps), msg("Steps 3a–3e repeat in every slot played."))

    units = {d: Unit(name="u", ranks=(d, d)) for d in densities}
    panic = Unit(name="u", ranks=(0, 0), disordered=8)
    head = [text(msg("density")), *map(str, densities), text(msg("panicking"))]
    rows = [[text(msg("move ″")), *(str(move_allowance(units[d])) for d in densities), str(move_allowance(panic))],
            [text(msg("retreat ″")), *(str(retreat_move(units[d])) for d in densities), str(retreat_move(panic))]]
    s.block(msg("Moving"), ("AOT-MOVE-DISTANCE", "AOT-MELEE-RETREAT"), _md_table(head, rows))

    def shot(d: int, at_or_below: bool, horse: bool) -> str:
        return _faces(f for f in faces if hits_on_face(f, d, at_or_below=at_or_below, horse_armour=horse))

    rows = [[text(msg("normal")), *(shot(d, False, False) for d in densities)],
            [text(msg("veteran or downwind")), *(shot(d, True, False) for d in densities)],
            [text(msg("against horse armour")), *(shot(d, False, True) for d in densities)]]
    s.block(msg("Shooting: faces that hit, by the target's density"), ("AOT-SHOOT-HIT", "AOT-SHOOT-HORSE-ARMOUR"),
            _md_table([text(msg("shooters")), *map(str, densities)], rows),
            msg("Firers: the target's strength less the distance in inches {badge}",
                badge=rule_badge("AOT-SHOOT-RANGE", labels)))

    def counts_own(w: MeleeWeapon) -> bool:
        return any(weapon_hits(f, w, d, 3, False) != weapon_hits(f, w, 3, 3, False) for f in faces for d in densities)

    rows = []
    for w in MeleeWeapon:
        own = counts_own(w)
        cells = [_faces(f for f in faces if (weapon_hits(f, w, d, 3, False) if own else weapon_hits(f, w, 3, d, False)))
                 for d in densities]
        rows.append([f"{_named(w)} {rule_badge(w.rule_id, labels)}", text(msg("own") if own else msg("enemy")),
                     *cells])
    rows.append([str(msg("horse strike {badge}", badge=rule_badge("AOT-MELEE-HORSE-STRIKE", labels))),
                 text(msg("enemy")), *(_faces(f for f in faces if horse_strike_hits(f, d, False)) for d in densities)])
    s.block(msg("Melee: faces that hit, by the density that counts"), ("AOT-MELEE-STRIKES",),
            _md_table([*_head(msg("weapon"), msg("density")), *map(str, densities)], rows),
            msg("Veterans also hit on the equal roll {badge}", badge=rule_badge("AOT-PROP-VETERAN", labels)))

    rows = [[text(msg("shield wall")), *(_faces(f for f in faces if shield_wall_saves(f, d, at_or_below=False))
                                        for d in densities)],
            [text(msg("veteran shield wall")), *(_faces(f for f in faces if shield_wall_saves(f, d, at_or_below=True))
                                                for d in densities)]]
    body = _md_table([text(msg("one die saves on")), *map(str, densities)], rows)
    body += "\n\n" + str(msg("Pavises save as a shield wall of density 5 {pavise}. Armour turns away melee hits rolled "
                             "{armour} {armour_badge}; horse armour turns away hits rolled {horse} {horse_badge}.",
                             pavise=rule_badge("AOT-SHOOT-PAVISE", labels),
                             armour=_faces(f for f in faces if armour_turns(f)),
                             armour_badge=rule_badge("AOT-MELEE-ARMOUR", labels),
                             horse=_faces(f for f in faces if horse_armour_turns(f)),
                             horse_badge=rule_badge("AOT-MELEE-HORSE-ARMOUR", labels)))
    s.block(msg("Protections, by the unit's own density"), ("AOT-SHOOT-SHIELDWALL", "AOT-MELEE-SHIELDWALL"), body)

    rows = []
    for f in faces:
        sky = weather_of_double(f)
        fx = "; ".join(sorted(_named(e) for e in effects(sky, arriving=True))) or "—"
        rows.append([f"{f}+{f}", f"{_named(sky)} {rule_badge(sky.rule_id, labels)}", fx])
    wind = ", ".join(f"{_faces(f for f in faces if four_ways(f, WindFrom) is x)}: {_named(x)}" for x in WindFrom)
    s.block(msg("Weather: a double on two turns running"), ("AOT-CMD-DOUBLES", "AOT-WEATHER"),
            _md_table(_head(msg("double"), msg("weather"), msg("effect")), rows),
            msg("Wind die *(reading)*: {wind} {badge}", wind=wind, badge=rule_badge("AOT-WEATHER-WIND", labels)))
    assert Weather.CALM not in (weather_of_double(f) for f in faces)

    rows = [[_p(disorder_test(d, 2 * d).prob(lambda k: k > 0)) for d in densities],
            [_p(disorder_test(d, 2 * d, True).prob(lambda k: k > 0)) for d in densities]]
    s.block(msg("Disorder test: chance of losing anyone (two full ranks)"), ("AOT-DISORDER-TEST", "AOT-PROP-REGULAR"),
            _md_table([" ", *map(str, densities)], [[text(msg("irregular")), *rows[0]],
                                                    [text(msg("regular")), *rows[1]]]))

    s.block(msg("Extra moves: run, trot, evade"), ("AOT-RUN", "AOT-TROT", "AOT-EVADE-PROCEDURE"), _extra_moves())
    s.block(msg("Demoralization points (DP)"), ("AOT-DEMO-EARN", "AOT-DEMO-DISORDER", "AOT-DEMO-RETREAT",
                                                "AOT-DEMO-FORCED-ATTACK"), _dp_costs(units))
    s.block(msg("Victory points at nightfall"), ("AOT-VICTORY-POINTS",), _victory_points())

    rows = [[str(msg("{bought} *(reading)*", bought=c.label)) if c.reading else text(c.label),
             ("+" if c.extra else "") + points_str(c.points)] for c in COSTS]
    s.block(msg("Army points"), ("AOT-ARMY-POINTS",), _md_table(_head(msg("bought"), msg("points")), rows),
            msg("An army has {budget} points to spend; at most {elite} of its units may be elite {badge}",
                budget=BUDGET, elite=MAX_ELITE, badge=rule_badge("AOT-PROP-ELITE", labels)))
    return s.markdown()


def _dice(law: Any) -> str:
    """How many six-sided dice a move's law rolls, read off its longest distance."""
    return str(msg("{n} d6", n=max(m.distance for m in law.outcomes()) // 6))


def _extra_moves() -> str:
    """The dice of each extra move and when one of them is also a disorder test, from the engine's laws."""
    from aot_rules.aot.rules.evasion import evade_exact
    from aot_rules.aot.rules.run_trot import run_exact, trot_exact

    def tests(law: Any) -> bool:
        return any(m.disordered for m in law.outcomes())

    laws = [(msg("run, no shield or armour"), run_exact(3, 6)),
            (msg("run, shield or armour (not both)"), run_exact(3, 6, shield=True)),
            (msg("trot, unarmoured horses and riders"), trot_exact(3, 6)),
            (msg("trot, armoured riders on unarmoured horses"), trot_exact(3, 6, armour=True)),
            (msg("trot, armoured horses"), trot_exact(3, 6, horse_armour=True)),
            (msg("evade"), evade_exact(3, 6))]
    rows = [[text(move), _dice(law), text(msg("yes") if tests(law) else msg("no"))] for move, law in laws]
    return (_md_table(_head(msg("move"), msg("distance"), msg("one die is a disorder test")), rows) + "\n\n"
            + text(msg("Foot with both shields (or pavises) and armour may not run.")))


def _dp_costs(units: Mapping[int, Any]) -> str:
    """What DP are earned and what they buy, by density, from the engine's demoralization rules."""
    from aot_rules.aot.rules.demoralization import dp_earned, dp_to_disorder, forced_attack_cost, forced_retreat_cost
    from aot_rules.aot.units import Unit

    densities = sorted(units)
    rows = [[text(msg("earned by beating a unit of this density")), *(str(dp_earned(units[d])) for d in densities)],
            [text(msg("force a retreat on it")), *(str(forced_retreat_cost(units[d])) for d in densities)],
            [text(msg("force it to attack")), *(str(forced_attack_cost(units[d])) for d in densities)]]
    per = [(msg("ordinary"), Unit(name="u", ranks=(3, 3))),
           (msg("stubborn"), Unit(name="u", ranks=(3, 3), stubborn=True)),
           (msg("recruits"), Unit(name="u", ranks=(3, 3), recruit=True))]
    costs = _md_table(_head(msg("disorder warriors of"), msg("DP for 1"), msg("DP for 2")),
                      [[text(who), str(dp_to_disorder(1, u)), str(dp_to_disorder(2, u))] for who, u in per])
    return _md_table([text(msg("DP, by the unit's density")), *map(str, densities)], rows) + "\n\n" + costs


def _victory_points() -> str:
    """Each kind of victory point, scored by the engine's own :func:`points_for` on a one-line tally."""
    from aot_rules.aot.rules.victory import Side, points_for

    me = Side.tally("us", formed=1)
    cases = [(msg("each enemy unit destroyed or dispersed"), Side.tally("them", destroyed=1)),
             (msg("the enemy camp captured"), Side.tally("them", formed=1, camp_captured=True)),
             (msg("each enemy unit fled into its camp, once the camp is captured"),
              Side.tally("them", in_camp=1, camp_captured=True)),
             (msg("… while the camp is not captured"), Side.tally("them", in_camp=1)),
             (msg("each enemy elephant unit stripped of its light infantry"), Side.tally("them", formed=1,
                                                                                          escorts_lost=1))]
    camp = points_for(me, cases[1][1]).total  # the fled unit's case also captures the camp: score it apart
    rows = [[text(what), str(points_for(me, them).total - (camp if i == 2 else 0))]
            for i, (what, them) in enumerate(cases)]
    return (_md_table(_head(msg("scored for"), msg("VP")), rows) + "\n\n"
            + text(msg("The side with more VP wins; equal VP is a draw *(reading)*.")))


# --- the companion systems ----------------------------------------------------------------------------------


def aob_sheet(labels: frozenset[str]) -> str:
    from aot_rules.aob import tables

    s = Sheet(labels)
    s.block(msg("Clash factors"), ("AOB-CLASH-FACTORS",), tables.factors_html())
    s.block(msg("Rank bonus"), ("AOB-CLASH-RANKS",), tables.ranks_html())
    s.block(msg("Chance a clash roll succeeds"), ("AOB-CLASH",),
            tables.success_html((0, 2, 4, 6, 8, 10, 12, 15, 20)))
    s.block(msg("Casualties"), ("AOB-CLASH-CASUALTIES",), tables.casualties_html())
    s.block(msg("Flight to the table edge"), ("AOB-ROUT",), tables.flight_html())
    odds_block(s, "AOB", msg("Every calculator at its start"))
    return s.markdown()


def sp_sheet(labels: frozenset[str]) -> str:
    from aot_rules.sp.rules.movement import turn_cost
    from aot_rules.sp.rules.shooting import GUN_DICE, class_dice
    from aot_rules.sp.rules.troops import Quality

    s = Sheet(labels)
    shooters = (2, 4, 6, 8, 10, 12)
    rows = [[_named(q), *(str(class_dice(n, q)) for n in shooters)] for q in Quality]
    s.block(msg("Shooting dice by quality"), ("SP-SHOOT-DICE-CLASS",),
            _md_table([text(msg("figures firing")), *map(str, shooters)], rows))
    s.block(msg("Guns"), ("SP-SHOOT-DICE-ARTILLERY",),
            _md_table(_head(msg("gun"), msg("dice")), [[_named(g), str(n)] for g, n in GUN_DICE.items()]))
    angles = (45, 90, 180)
    rows = [[text(who), *(str(turn_cost(a, formation)) for a in angles)]
            for who, formation in ((msg("single figures"), False), (msg("formation"), True))]
    s.block(msg("Turning costs (inches)"), ("SP-MOVE-DICE",),
            _md_table([text(msg("turn")), *(f"{a}°" for a in angles)], rows))
    odds_block(s, "SP", msg("Every calculator at its start"))
    return s.markdown()


def bat_sheet(labels: frozenset[str]) -> str:
    from aot_rules.bat.rules.table import SPEED_SHARE, TURN_COSTS, turn_cost

    s = Sheet(labels)
    s.block(msg("Turning costs (steps)"), ("BAT-ORDER-MOVE",),
            _md_table([text(msg("turn up to")), *(f"{a}°" for a, _ in TURN_COSTS)],
                      [[text(msg("steps")), *(str(turn_cost(a)) for a, _ in TURN_COSTS)]]))
    s.block(msg("Speed kept on terrain"), ("BAT-TERRAIN",),
            _md_table(_head(msg("terrain"), msg("share of Speed")),
                      [[_named(t), text(msg("cannot enter")) if v == 0 else fraction_str(v)]
                       for t, v in SPEED_SHARE.items()]))
    odds_block(s, "BAT", msg("Every calculator at its start"))
    return s.markdown()


SHEETS: dict[str, Callable[[frozenset[str]], str]] = {"aot": aot_sheet, "aob": aob_sheet, "sp": sp_sheet,
                                                       "bat": bat_sheet}


def all_labels(start: Path | None = None) -> frozenset[str]:
    """Every rule label of all four systems the book defines (``(aot-…)=``, ``(aob-…)=``, ``(sp-…)=``,
    ``(bat-…)=``), found from the page's folder up, so a badge links wherever a chapter explains it."""
    here = (start or Path.cwd()).resolve()
    root = next((d for d in (here, *here.parents) if (d / "_toc.yml").is_file()), None)
    if root is None:
        return frozenset()
    return frozenset(m for f in (root / "book").rglob("*.md")
                     for m in re.findall(r"^\(((?:aot|aob|sp|bat)-[a-z0-9-]+)\)=", f.read_text(encoding="utf-8"),
                                         re.M))


def show_quickref(system: str) -> None:
    """Display one system's sheet in a page (its badges link where the book has the rule)."""
    from aot_rules.present.page import show_md

    show_md(SHEETS[system](all_labels()))
