"""Four systems side by side: the same questions asked of every rule system's registry.

Why this module exists, and why it is thin: the comparison chapter must never disagree with the
widgets of the four parts.  So every number here is read off ``get(rule_id).evaluate(...)`` (the
very call behind each widget); nothing re-implements a rule.  Where a question needs two rolls
chained (Batalist's exchange, then the morale test it triggers), the system's own composition of the
same exact functions is used (``aot_rules.bat.rules.combat.clash_morale_exact``).

Three questions, each answered in the four systems:

1. the first close combat between two equal units: how often one side is beaten (falls back,
   retreats or flees) and how often the fight goes on;
2. what one step of quality is worth (Art of Tactics' veteran, an Age of Battles Attack point,
   a skirmish troop class, a Batalist Quality point);
3. how unit size changes shooting.

Age of Battles has no shooting procedure in its source, so question 3 cannot be answered there:
:func:`aob_volley` refuses with that reason instead of inventing one.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from aot_rules.bat.rules.combat import clash_morale_exact
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.format import fraction_html, fraction_str, percent_str
from aot_rules.core.i18n import Message, label, msg, text
from aot_rules.core.outcome import Outcome
from aot_rules.keys import Event, Law
from aot_rules.systems import get

SYSTEM_NAMES: dict[str, Message] = {"aot": msg("Art of Tactics"), "aob": msg("Age of Battles"),
                                    "sp": msg("Skirmish fragment"), "bat": msg("Batalist")}

#: the default equal matchups of question 1 (the page names them; the tests pin them)
AOT_UNIT: dict[str, Any] = {"ranks": (4, 4), "weapon": "spear", "shield": True}
AOB_TARGET = 10
SP_MEN = 6
BAT_PROFILE: dict[str, int] = {"melee": 3, "defence": 3, "quality": 3}
SP_TO_HIT = 4


def _ev(rule_id: str, **inputs: Any) -> Outcome:
    """The registry's exact outcome: the one place this module touches a rule."""
    return get(rule_id).evaluate(**inputs)


# --------------------------------------------------------------------------------------------
# Which Readings and blanks an answer rests on: found by toggling them, not by listing them
# --------------------------------------------------------------------------------------------

def sensitive_inputs(rule_id: str, headline: Callable[[Outcome], object], **inputs: Any) -> tuple[str, ...]:
    """Rule IDs of the Readings, and names of the blanks, whose other values change ``headline``.

    Why computed: a prose claim "this number rests on Reading X" would drift as engines change;
    evaluating every alternative of every Reading toggle (and a neighbouring value of every blank)
    is cheap and exact, and the tests hold the page's claims to it.
    """
    m = get(rule_id)
    base = headline(m.evaluate(**inputs))
    found: list[str] = []
    for p in m.inputs:
        if not (p.reading or p.blank):
            continue
        alternatives: Iterable[Any]
        if p.kind == "bool":
            alternatives = (not m.resolve(**inputs)[p.name],)
        elif p.blank:
            now = m.resolve(**inputs)[p.name]
            alternatives = tuple(v for v in (now - 1, now + 1)
                                 if p.lo is not None and p.hi is not None and p.lo <= v <= p.hi)
        else:
            alternatives = tuple(v for v in p.values() if v != m.resolve(**inputs)[p.name])
        for alt in alternatives:
            try:
                other = headline(m.evaluate(**{**inputs, p.name: alt}))
            except RuleError:
                continue
            if other != base:
                name = p.reading if p.reading else f"{rule_id} blank: {p.name}"
                if name not in found:
                    found.append(name)
                break
    return tuple(found)


# --------------------------------------------------------------------------------------------
# Question 1: the first close combat between equal units
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FirstFight:
    """One system's answer to "two equal units meet: what happens to side A?".

    ``beaten`` + ``goes_on`` + ``enemy_beaten`` = 1.  ``worst`` is the system's harshest result for
    A (flight, a heavy defeat) where the system has one distinct from an ordinary loss.
    """

    system: str
    setting: Message
    beaten: Fraction
    goes_on: Fraction
    enemy_beaten: Fraction
    worst: Fraction | None
    worst_label: Message | str
    rests_on: tuple[str, ...]


def _aot_melee_inputs(weapon: str, ranks: tuple[int, ...], shield: bool, a_veteran: bool = False) -> dict[str, Any]:
    return {"a_ranks": ranks, "a_weapon": weapon, "a_shield": shield, "a_veteran": a_veteran,
            "b_ranks": ranks, "b_weapon": weapon, "b_shield": shield}


def _aot_result(o: Outcome) -> tuple[Fraction, Fraction, Fraction]:
    return o.event(Event.b_wins), o.event(Event.continue_), o.event(Event.a_wins)


def aot_first_fight(weapon: str = "spear", ranks: tuple[int, ...] = (4, 4), shield: bool = True) -> FirstFight:
    """AOT-MELEE-RESULT for two identical blocks: the loser (lower density after losses) retreats."""
    inputs = _aot_melee_inputs(weapon, ranks, shield)
    beaten, on, won = _aot_result(_ev("AOT-MELEE-RESULT", **inputs))
    from aot_rules.aot.equipment import MeleeWeapon

    width, arm = "+".join(map(str, ranks)), label(MeleeWeapon(weapon))
    setting = (msg("{ranks}, {weapon} and shield, against the same", ranks=width, weapon=arm) if shield
               else msg("{ranks}, {weapon}, against the same", ranks=width, weapon=arm))
    return FirstFight("aot", setting, beaten, on, won, None, "—",
                      sensitive_inputs("AOT-MELEE-RESULT", _aot_result, **inputs))


def _aob_result(o: Outcome) -> tuple[Fraction, ...]:
    return tuple(p for _, p in o.dist(Law.result).items())


def aob_first_fight(target: int = AOB_TARGET) -> FirstFight:
    """AOB-CLASH between two regiments with the same target number (a user-set blank: the source
    gives no Attack or Defence values).  A beaten regiment always flees."""
    o = _ev("AOB-CLASH", a_target=target, b_target=target)
    res = o.dist(Law.result)
    names = {r.name: p for r, p in res.items()}
    b_wins = names.get("B_WINS", Fraction(0))
    return FirstFight("aob", msg("two regiments, both with clash target {target}", target=target), b_wins,
                      names.get("MELEE", Fraction(0)), names.get("A_WINS", Fraction(0)), b_wins, msg("flees"),
                      sensitive_inputs("AOB-CLASH", _aob_result, a_target=target, b_target=target))


def sp_pool(men: int, quality_edge: int = 0) -> int:
    """The melee dice a Group of ``men`` rolls (SP-MELEE-DICE), read from the registry's outcome."""
    return int(_ev("SP-MELEE-DICE", men=men, quality_edge=quality_edge).info["melee dice"])


def _sp_result(o: Outcome) -> tuple[Fraction, Fraction, Fraction]:
    return o.event(Event.a_back), o.event(Event.again), o.event(Event.b_back)


def sp_first_fight(men: int = SP_MEN, dice: int | None = None) -> FirstFight:
    """SP-MELEE-RESULT with equal pools: the side that killed fewer falls back (6″ to 18″)."""
    n = sp_pool(men) if dice is None else dice
    o = _ev("SP-MELEE-RESULT", a_dice=n, b_dice=n)
    beaten, on, won = _sp_result(o)
    return FirstFight("sp", msg("two Groups of {men} men, {dice} melee dice each", men=men, dice=n) if dice is None
                      else msg("two Groups with {dice} melee dice each", dice=n), beaten, on, won,
                      o.event(Event.a_heavy), msg("loses by 4+ (falls back 18″, may surrender)"),
                      sensitive_inputs("SP-MELEE-RESULT", _sp_result, a_dice=n, b_dice=n))


@dataclass(frozen=True)
class BatFight:
    """The joint law of one Batalist exchange followed by any morale test it triggers."""

    attacker: str  # "holds", "falls back", "flees" or "" (no test)
    defender: str


def _band_kind(band: Any) -> str:
    return {"HOLDS": "holds", "STEP_BACK": "falls back", "FALL_BACK": "falls back", "FLEES": "flees"}[band.name]


def bat_exchange_and_morale(melee: int = 3, defence: int = 3, a_quality: int = 3,
                            b_quality: int = 3) -> Dist[BatFight]:
    """BAT-MELEE-DAMAGE between two equal profiles, then BAT-MORALE-TEST for whoever must test.

    Batalist's own composition (:func:`aot_rules.bat.rules.combat.clash_morale_exact`, built on the
    same exact functions as those two registry entries), with its bands read as holds / falls back /
    flees; a test the exchange does not trigger counts as holding.
    """
    fights = clash_morale_exact(a_quality, melee, defence, b_quality, melee, defence)
    return fights.map(lambda r: BatFight(_band_kind(r.attacker_band), _band_kind(r.defender_band)))


def _moved(kind: str) -> bool:
    return kind in ("falls back", "flees")


def _bat_result(d: Dist[BatFight]) -> tuple[Fraction, Fraction, Fraction]:
    beaten = d.prob(lambda f: _moved(f.attacker))
    won = d.prob(lambda f: _moved(f.defender))
    return beaten, 1 - d.prob(lambda f: _moved(f.attacker) or _moved(f.defender)), won


def bat_first_fight(melee: int = 3, defence: int = 3, quality: int = 3) -> FirstFight:
    """One Batalist exchange between equal bases: A is beaten if the exchange makes it test morale
    (the enemy's total at least doubles its own) and the test sends it back or off the field."""
    d = bat_exchange_and_morale(melee, defence, quality, quality)
    beaten, on, won = _bat_result(d)
    if d.prob(lambda f: _moved(f.attacker) and _moved(f.defender)):
        # both beaten at once: "goes on" already excludes it; the three numbers would not add to 1
        raise RuleError("BAT-MELEE-DAMAGE", msg("both bases fall back in one exchange; the comparison assumes not"))

    def headline(o: Outcome) -> object:
        return o.event(Event.attacker_morale), o.event(Event.defender_morale)

    rests = sensitive_inputs("BAT-MELEE-DAMAGE", headline, a_melee=melee, a_defence=defence, b_melee=melee,
                             b_defence=defence)
    return FirstFight("bat", msg("two bases with Melee {melee}, Defence {defence}, Quality {quality}", melee=melee,
                                 defence=defence, quality=quality), beaten, on, won,
                      d.prob(lambda f: f.attacker == "flees"), msg("flees the field"), rests)


def first_fights() -> tuple[FirstFight, ...]:
    """Question 1 in all four systems, with the chapter's default matchups."""
    return (aot_first_fight(**AOT_UNIT), aob_first_fight(), sp_first_fight(), bat_first_fight(**BAT_PROFILE))


# Curves for the plots: P(A beaten) and P(fight goes on) as each system's own knob turns.

def aot_curve(weapon: str = "spear", shield: bool = True) -> list[tuple[int, FirstFight]]:
    """Equal blocks of two ranks, from 2 to 5 wide (density 2..5)."""
    return [(d, aot_first_fight(weapon, (d, d), shield)) for d in range(2, 6)]


def aob_curve() -> list[tuple[int, FirstFight]]:
    return [(t, aob_first_fight(t)) for t in range(1, 21)]


def sp_curve(top: int = 30) -> list[tuple[int, FirstFight]]:
    return [(n, sp_first_fight(dice=n)) for n in range(1, top + 1)]


def bat_curve() -> list[tuple[int, FirstFight]]:
    return [(q, bat_first_fight(3, 3, q)) for q in range(1, 6)]


# --------------------------------------------------------------------------------------------
# Question 2: what one step of quality is worth
# --------------------------------------------------------------------------------------------

#: The upgrades' and measures' words that recur.
VETERAN = msg("veteran (a commander on the base)")
ATTACK = msg("+1 Attack")
BEATEN = msg("P(beaten in the first fight)")


@dataclass(frozen=True)
class Upgrade:
    """One measure, before and after an upgrade; ``gain`` is after − before.  ``chance``: the measure is a
    probability (shown as a percentage), not an expected count."""

    system: str
    upgrade: Message
    measure: Message
    before: Fraction
    after: Fraction
    rests_on: tuple[str, ...]
    chance: bool = True

    @property
    def gain(self) -> Fraction:
        return self.after - self.before


def aot_veteran_melee() -> Upgrade:
    """A veteran block against an equal plain one (AOT-PROP-VETERAN through AOT-MELEE-RESULT)."""
    w, r, s = AOT_UNIT["weapon"], AOT_UNIT["ranks"], AOT_UNIT["shield"]
    before = _ev("AOT-MELEE-RESULT", **_aot_melee_inputs(w, r, s)).event(Event.b_wins)
    after = _ev("AOT-MELEE-RESULT", **_aot_melee_inputs(w, r, s, a_veteran=True)).event(Event.b_wins)
    return Upgrade("aot", VETERAN, msg("P(beaten in the first melee)"), before, after, ())


def aot_hit_per_die(density: int = 4, veteran: bool = False) -> Fraction:
    """Expected hits of one shooting die (AOT-SHOOT-HIT with one firer)."""
    return Fraction(_ev("AOT-SHOOT-HIT", firers=1, target_density=density, veteran=veteran).dist(Law.hits).mean())


def aot_veteran_shooting(density: int = 4) -> Upgrade:
    return Upgrade("aot", VETERAN, msg("hits per shooter (target density {density})", density=density),
                   aot_hit_per_die(density), aot_hit_per_die(density, True), (), chance=False)


def aob_attack_point(target: int = AOB_TARGET) -> tuple[Upgrade, Upgrade]:
    """+1 Attack is +1 on the clash target (AOB-CLASH, d20 and 'at most T' Readings)."""
    def clash(a: int) -> Outcome:
        return _ev("AOB-CLASH", a_target=a, b_target=target)

    rests = sensitive_inputs("AOB-CLASH", lambda o: (o.event(Event.a_hit), _aob_result(o)), a_target=target + 1,
                             b_target=target)
    succeed = Upgrade("aob", ATTACK, msg("P(own clash succeeds) (target {target})", target=target),
                      clash(target).event(Event.a_hit), clash(target + 1).event(Event.a_hit), rests)
    flee = Upgrade("aob", ATTACK, BEATEN,
                   aob_first_fight(target).beaten,
                   {r.name: p for r, p in clash(target + 1).dist(Law.result).items()}.get("B_WINS", Fraction(0)), rests)
    return succeed, flee


def sp_quality_melee(men: int = SP_MEN) -> Upgrade:
    """One quality level above the enemy: +2 melee dice (SP-MELEE-DICE) into SP-MELEE-RESULT."""
    plain, better = sp_pool(men), sp_pool(men, quality_edge=1)
    before = _ev("SP-MELEE-RESULT", a_dice=plain, b_dice=plain).event(Event.a_back)
    after = _ev("SP-MELEE-RESULT", a_dice=better, b_dice=plain).event(Event.a_back)
    return Upgrade("sp", msg("one quality level above the enemy"), BEATEN, before, after, ())


SP_CLASSES = ("recruits", "regulars", "veterans", "elite")


def sp_hits(shooters: int, quality: str = "regulars", to_hit: int = SP_TO_HIT) -> tuple[Fraction, Fraction]:
    """Expected hits and expected men killed by one volley (SP-SHOOT-DICE-CLASS; the to-hit
    number is a blank of the source, set by the reader)."""
    o = _ev("SP-SHOOT-DICE-CLASS", shooters=shooters, quality=quality, to_hit=to_hit)
    return Fraction(o.dist(Law.hits).mean()), Fraction(o.dist(Law.deaths).mean())


def sp_class_shooting(shooters: int = 10, to_hit: int = SP_TO_HIT) -> tuple[Upgrade, ...]:
    """Each step up the troop-class ladder, as hits per shooter."""
    per = [sp_hits(shooters, q, to_hit)[0] / shooters for q in SP_CLASSES]

    def rests(*classes: str) -> tuple[str, ...]:
        found: list[str] = []
        for q in classes:
            for r in sensitive_inputs("SP-SHOOT-DICE-CLASS", lambda o: o.dist(Law.hits).mean(), shooters=shooters,
                                      quality=q, to_hit=to_hit):
                if r not in found:
                    found.append(r)
        return tuple(found)

    from aot_rules.sp.rules.troops import Quality

    return tuple(Upgrade("sp", msg("{before} → {after}", before=label(Quality(a)), after=label(Quality(b))),
                         msg("hits per shooter ({shooters} shooters, to-hit {to_hit}+)", shooters=shooters,
                             to_hit=to_hit), per[i], per[i + 1], rests(a, b), chance=False)
                 for i, (a, b) in enumerate(itertools.pairwise(SP_CLASSES)))


def bat_quality(quality: int = 3) -> tuple[Upgrade, ...]:
    """Quality Q → Q+1 in Batalist: action points, morale, and the first exchange."""
    q, r = quality, quality + 1
    step = msg("Quality {before} → {after}", before=q, after=r)
    ap = Upgrade("bat", step, msg("expected action points ({rule})", rule="BAT-ACTIVATION"),
                 Fraction(_ev("BAT-ACTIVATION", quality=q).dist(Law.ap).mean()),
                 Fraction(_ev("BAT-ACTIVATION", quality=r).dist(Law.ap).mean()), (), chance=False)
    flees = Upgrade("bat", step, msg("P(flees | a morale test)"),
                    _ev("BAT-MORALE-TEST", quality=q).event(Event.flees),
                    _ev("BAT-MORALE-TEST", quality=r).event(Event.flees), ())
    holds = Upgrade("bat", step, msg("P(holds | a morale test)"),
                    1 - _ev("BAT-MORALE-TEST", quality=q).event(Event.shaken),
                    1 - _ev("BAT-MORALE-TEST", quality=r).event(Event.shaken), ())
    m, d = BAT_PROFILE["melee"], BAT_PROFILE["defence"]
    fight = Upgrade("bat", step, BEATEN,
                    _bat_result(bat_exchange_and_morale(m, d, q, q))[0],
                    _bat_result(bat_exchange_and_morale(m, d, r, q))[0], ("BAT-MELEE-DAMAGE",))
    return ap, flees, holds, fight


def upgrades() -> dict[str, tuple[Upgrade, ...]]:
    """Question 2, every system's upgrades, with the chapter's defaults."""
    return {"aot": (aot_veteran_melee(), aot_veteran_shooting()),
            "aob": aob_attack_point(),
            "sp": (sp_quality_melee(), *sp_class_shooting()),
            "bat": bat_quality()}


# --------------------------------------------------------------------------------------------
# Question 3: unit size and shooting
# --------------------------------------------------------------------------------------------

def aot_volley(firers: int, density: int = 4, veteran: bool = False) -> Fraction:
    """Expected hits of ``firers`` shooting dice (AOT-SHOOT-HIT); each hit kills unless saved."""
    return Fraction(_ev("AOT-SHOOT-HIT", firers=firers, target_density=density, veteran=veteran).dist(Law.hits).mean())


def bat_shot(ranged: int = 3, defence: int = 3, target_more: bool = False) -> Fraction:
    """The chance one Batalist base's shot removes a figure (BAT-SHOOT-DAMAGE)."""
    return Fraction(_ev("BAT-SHOOT-DAMAGE", ranged=ranged, defence=defence, target_more=target_more).event(Event.hit))


def bat_volley(bases: int, ranged: int = 3, defence: int = 3, target_more: bool = False) -> Dist[int]:
    """Figures removed when ``bases`` bases each make one shot.

    Each shot is a fresh pair of dice (shooter's and target's), so the shots are independent and
    the count is binomial; this assumes no target base is destroyed part-way (each has figures to lose).
    """
    return Dist.binomial(bases, bat_shot(ranged, defence, target_more))


AOB_NO_SHOOTING = msg("the correction sheet changes who may shoot (rear ranks, slingers, shooting and moving) "
                      "but never gives the base game's shooting roll, so no Age of Battles volley can be computed")


def aob_volley(shooters: int) -> Fraction:
    """Age of Battles shooting: refused, because the source has no shooting procedure (AOB-SCOPE)."""
    raise RuleError("AOB-SCOPE", AOB_NO_SHOOTING)


def shooting_curves(top: int = 20) -> dict[str, list[tuple[int, Fraction]]]:
    """Expected hits (or figures removed) against the number of shooters, per system and setting."""
    return {"aot": [(n, aot_volley(n)) for n in range(1, top + 1)],
            "aot veteran": [(n, aot_volley(n, veteran=True)) for n in range(1, top + 1)],
            "sp regulars": [(n, sp_hits(n)[0]) for n in range(1, top + 1)],
            "sp elite": [(n, sp_hits(n, "elite")[0]) for n in range(1, top + 1)],
            "sp recruits": [(n, sp_hits(n, "recruits")[0]) for n in range(1, top + 1)],
            "bat": [(n, Fraction(bat_volley(n).mean())) for n in range(1, top + 1)],
            "bat smaller bases": [(n, Fraction(bat_volley(n, target_more=True).mean())) for n in range(1, top + 1)]}


# --------------------------------------------------------------------------------------------
# Presentation: HTML tables and Bokeh figures (bokeh imported lazily: a book dependency)
# --------------------------------------------------------------------------------------------

def cell(p: Fraction | None, *, percent: bool = True) -> str:
    """An exact number for a table: percentage (or value) first, the fraction beneath it."""
    if p is None:
        return '<span style="color:var(--pst-color-text-muted, #646464)">—</span>'
    frac = fraction_html(p)  # the display rule: a long fraction opens from a percentage, never breaks mid-number
    small = f'<br><small class="cmp-frac">{frac}</small>'
    return f"<b>{percent_str(p, 1)}</b>{small}" if percent else f"<b>{frac}</b>"


#: The comparison tables wrap their cells (the book's tables do not) and shrink on a phone.
TABLE_STYLE = ("<style>table.cmp-table td, table.cmp-table th { white-space: normal; vertical-align: top; }"
               " table.cmp-table .cmp-frac { overflow-wrap: anywhere; color: #555; }"
               " table.cmp-table .txt { text-align: left; font-weight: normal; }"
               " @media (max-width: 600px) { table.cmp-table { font-size: 0.8em; }"
               " table.cmp-table td, table.cmp-table th { padding: 0.2em 0.35em; } }</style>")


def html_table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str, text_cols: int = 1) -> str:
    """A wide table that scrolls sideways inside its own box on a phone, never the page; its first
    ``text_cols`` columns are words (left-aligned), the rest numbers."""
    def tag(t: str, i: int, c: str) -> str:
        return f'<{t} class="txt">{c}</{t}>' if i < text_cols else f"<{t}>{c}</{t}>"

    th = "".join(tag("th", i, h) for i, h in enumerate(head))
    body = "".join("<tr>" + "".join(tag("td", i, c) for i, c in enumerate(r)) + "</tr>" for r in rows)
    return (f'{TABLE_STYLE}<div class="cmp-scroll" style="overflow-x:auto"><table class="aot-table cmp-table">'
            f"<caption>{caption}</caption><tr>{th}</tr>{body}</table></div>")


def _words(*said: Message | str) -> list[str]:
    """Headings, rendered now in the language in force (a table is written when a page runs)."""
    return [escape(text(m)) for m in said]


def _caption(said: Message) -> str:
    """A table's caption, rendered now in the language in force."""
    return escape(text(said))


def first_fight_table() -> str:
    rows = [[f"<b>{escape(text(SYSTEM_NAMES[f.system]))}</b><br><small>{escape(text(f.setting))}</small>",
             cell(f.beaten), cell(f.goes_on), cell(f.enemy_beaten),
             (cell(f.worst) + f"<br><small>{escape(text(f.worst_label))}</small>") if f.worst is not None
             else cell(None)]
            for f in first_fights()]
    return html_table(_words(msg("system and units"), msg("A beaten"), msg("fight goes on"), msg("B beaten"),
                             msg("A's worst case")), rows,
                      _caption(msg("Two equal units meet: the first close combat, exactly")))


def upgrade_table() -> str:
    rows = []
    for ups in upgrades().values():
        for u in ups:
            rows.append([f"<b>{escape(text(SYSTEM_NAMES[u.system]))}</b><br><small>{escape(text(u.upgrade))}</small>",
                         escape(text(u.measure)), cell(u.before, percent=u.chance), cell(u.after, percent=u.chance),
                         ("+" if u.gain >= 0 else "−") + cell(abs(u.gain), percent=u.chance)])
    return html_table(_words(msg("system and upgrade"), msg("measure"), msg("before"), msg("after"), msg("change")),
                      rows, _caption(msg("One step of quality, measured exactly")), text_cols=2)


def shooting_table(sizes: Sequence[int] = (1, 5, 10, 20)) -> str:
    rows = []
    for n in sizes:
        hits, deaths = sp_hits(n)
        rows.append([str(n), cell(aot_volley(n), percent=False), cell(hits, percent=False),
                     cell(deaths, percent=False), cell(Fraction(bat_volley(n).mean()), percent=False),
                     not_in_source()])
    return html_table(_words(msg("shooters"), msg("AoT hits (density {density})", density=4),
                             msg("Skirmish hits ({to_hit}+)", to_hit=SP_TO_HIT), msg("Skirmish men killed"),
                             msg("Batalist figures (bases)"), SYSTEM_NAMES["aob"]), rows,
                      _caption(msg("Expected result of one volley as the shooters grow")))


def summary_table() -> str:
    ff = {f.system: f for f in first_fights()}
    ups = upgrades()
    step = {"aot": ups["aot"][0], "aob": ups["aob"][1], "sp": ups["sp"][0], "bat": ups["bat"][3]}
    shot = {"aot": aot_volley(10) / 10, "sp": sp_hits(10)[0] / 10, "bat": bat_shot()}
    rows = []
    for s in ("aot", "aob", "sp", "bat"):
        rows.append([f"<b>{escape(text(SYSTEM_NAMES[s]))}</b>", cell(ff[s].beaten), cell(ff[s].goes_on),
                     f"<small>{escape(text(step[s].upgrade))}</small><br><b>{percent_str(step[s].before, 1)} → "
                     f"{percent_str(step[s].after, 1)}</b><br><small class=\"cmp-frac\">"
                     f"{fraction_str(step[s].before)} → {fraction_str(step[s].after)}</small>",
                     (cell(shot[s], percent=False) + f"<br><small>{escape(text(SHOT_MEASURES[s]))}</small>")
                     if s in shot else not_in_source()])
    return html_table(_words(msg("system"), msg("beaten in the first fight"), msg("fight goes on"),
                             msg("one step of quality (P beaten)"),
                             msg("shooting: expected result per shooter (the measure differs)")), rows,
                      _caption(msg("The three questions at a glance (the chapter's default units)")))


#: What the summary's shooting column measures in each system: three different things, so each cell says which.
SHOT_MEASURES: dict[str, Message] = {"aot": msg("hits per shooting figure, before shield saves"),
                                     "sp": msg("hits per shooting figure, before the effect die"),
                                     "bat": msg("figures removed per shooting base")}


def _figure(title: Message, x_label: Message, y_label: Message, whole_steps: bool = False, height: int = 260) -> Any:
    from bokeh.models import HoverTool, SingleIntervalTicker
    from bokeh.plotting import figure

    fig = figure(title=text(title), height=height, sizing_mode="stretch_width", toolbar_location=None, tools="",
                 x_axis_label=text(x_label), y_axis_label=text(y_label))
    fig.add_tools(HoverTool(tooltips=[("", "@name"), ("x", "@x"), (text(msg("exact")), "@frac"), ("", "@pct")]))
    fig.toolbar.logo = None
    if whole_steps:  # density 2..5, Quality 1..5: no half-way ticks
        fig.xaxis.ticker = SingleIntervalTicker(interval=1)
    return fig


def not_in_source() -> str:
    """A cell the source cannot fill (Age of Battles has no shooting roll), in the language in force."""
    said = escape(text(msg("not in the source")))
    return f'<span style="color:var(--pst-color-text-muted, #646464)">{said}</span>'

COLOURS = {"aot": "#3b6ea5", "aob": "#a5523b", "sp": "#3b8c4a", "bat": "#8a5fb0"}


def _line(fig: Any, points: Sequence[tuple[int, Fraction]], name: Message, colour: str,
          dash: str = "solid") -> tuple[str, list[Any]]:
    """Draw one curve; return its legend entry (the legends go below the plots, off the data)."""
    from bokeh.models import ColumnDataSource

    said = text(name)
    # Floats only for drawing: the exact fractions ride along for the hover tooltips.
    src = ColumnDataSource(data={"x": [x for x, _ in points], "y": [float(p) for _, p in points],
                                 "frac": [fraction_str(p) for _, p in points],
                                 "pct": [percent_str(p) for _, p in points], "name": [said] * len(points)})
    line = fig.line("x", "y", source=src, color=colour, line_width=2, line_dash=dash)
    dots = fig.scatter("x", "y", source=src, color=colour, size=6)
    return said, [line, dots]


def _legend(fig: Any, items: list[tuple[str, list[Any]]], horizontal: bool) -> None:
    from bokeh.models.annotations import Legend

    fig.add_layout(Legend(items=items, orientation="horizontal" if horizontal else "vertical",
                          label_text_font_size="11px", spacing=4, margin=2, border_line_alpha=0,
                          location="top_left"), "below")


def _grid(figs: Sequence[Any], name: str) -> str:
    """Figures side by side on a laptop, stacked on a phone (a wrapping row), as embeddable HTML."""
    from bokeh.embed import components
    from bokeh.layouts import column, row
    from bokeh.models import InlineStyleSheet

    cells = [column(f, sizing_mode="stretch_width", styles={"flex": "1 1 300px", "min-width": "0"}) for f in figs]
    layout = row(*cells, sizing_mode="stretch_width", name=name,
                 stylesheets=[InlineStyleSheet(css=":host { flex-wrap: wrap; gap: 8px; }")])
    script, div = components(layout)
    return f'<div class="aot-compare" data-plot="{name}">{div}</div>{script}'


def first_fight_plots() -> str:
    """P(A beaten) and P(the fight goes on) against each system's own knob."""
    panels = []
    for title, x_label, key, pts in (
            (msg("Art of Tactics: spearmen with shields"), msg("density (men per rank, two ranks)"), "aot",
             aot_curve()),
            (msg("Age of Battles: equal clash targets ({die})", die="d20"), msg("clash target T (set by you)"), "aob",
             aob_curve()),
            (msg("Skirmish: equal melee pools"), msg("melee dice per side"), "sp", sp_curve()),
            (msg("Batalist: Melee {melee} / Defence {defence} bases", melee=3, defence=3),
             msg("Quality of both bases"), "bat", bat_curve())):
        fig = _figure(title, x_label, msg("probability"), whole_steps=key in ("aot", "bat"))
        _legend(fig, [_line(fig, [(x, f.beaten) for x, f in pts], msg("A beaten"), COLOURS[key]),
                      _line(fig, [(x, f.goes_on) for x, f in pts], msg("fight goes on"), "#777777", "dashed")], True)
        panels.append(fig)
    return _grid(panels, "compare-first-fight")


def shooting_plots(top: int = 20) -> str:
    curves = shooting_curves(top)
    men = _figure(msg("Figures shooting (AoT, Skirmish)"), msg("shooting figures"), msg("expected hits"), height=400)
    _legend(men, [_line(men, curves["aot"], msg("AoT, density {density}", density=4), COLOURS["aot"]),
                  _line(men, curves["aot veteran"], msg("AoT veteran"), COLOURS["aot"], "dashed"),
                  _line(men, curves["sp regulars"], msg("Skirmish regulars, {to_hit}+", to_hit=SP_TO_HIT),
                        COLOURS["sp"]),
                  _line(men, curves["sp elite"], msg("Skirmish elite"), COLOURS["sp"], "dashed"),
                  _line(men, curves["sp recruits"], msg("Skirmish recruits"), COLOURS["sp"], "dotted")], False)
    bases = _figure(msg("Bases shooting (Batalist)"), msg("bases shooting, one shot each"),
                    msg("expected figures removed"), height=400)
    _legend(bases, [_line(bases, curves["bat"], msg("equal bases"), COLOURS["bat"]),
                    _line(bases, curves["bat smaller bases"], msg("shooters' bases smaller"), COLOURS["bat"],
                          "dashed")], False)
    return _grid([men, bases], "compare-shooting")
