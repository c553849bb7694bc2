"""The book's glossary, English ↔ Russian, for all four rule systems: one typed record per term.

Why data and not a page: the glossary page (``book/glossary.md``, through the ``aot-glossary`` directive of
``book/_ext/aot_reference.py``) renders these records, and the tests hold them to the book (every term is
linked from some chapter with ``{term}``, every ``where`` label exists), so the page, the links and the checks
cannot drift apart.  The definitions are this book's own one-line summaries, not the source's wording.

The definitions and the systems' names are catalogue messages (``msg``), rendered in the language in force, so
the Russian edition's glossary reads them in Russian; the headword and its Russian term are the record's own.  The
Russian edition leads with the Russian terms, in Russian alphabetical order (:func:`russian_key`), and keeps each
entry's anchor (the English headword's, ``#term-density``) so links between the editions land on the same entry.

The module knows no page and no Sphinx; it imports the standard library and the package's core only.
"""

from __future__ import annotations

from typing import NamedTuple

from aot_rules.core.i18n import Message, msg

#: The systems a term belongs to, by rule-ID prefix, with the names the book uses for them.
SYSTEM_NAMES: dict[str, Message] = {
    "AOT": msg("Art of Tactics"),
    "AOB": msg("Age of Battles"),
    "SP": msg("the skirmish fragment"),
    "BAT": msg("Batalist"),
}


class Term(NamedTuple):
    """One glossary entry.

    ``term`` is the headword a chapter links with ``{term}`` (unique, case-insensitively, across the book);
    ``russian`` the source's word for it; ``definition`` one line in this book's words (a catalogue message, shown
    in the reader's language); ``systems`` the
    rule-ID prefixes it belongs to; ``where`` the MyST label of the section that explains it.
    """

    term: str
    russian: str
    definition: Message
    systems: tuple[str, ...]
    where: str


A, B, S, T = ("AOT",), ("AOB",), ("SP",), ("BAT",)

#: The starting orders by density (AOT-DENSITY): плотный 4, разомкнутый 3, рассыпной 2; the one place the
#: book, its tables and its diagrams take these names from.
ORDER_NAMES: dict[int, str] = {4: "closed order", 3: "open order", 2: "dispersed order"}
#: The same orders in the reader's language (the catalogue gives the glossary's Russian terms).
ORDER_LABELS: dict[int, Message] = {4: msg("closed order"), 3: msg("open order"), 2: msg("dispersed order")}

TERMS: tuple[Term, ...] = (
    Term("density", "плотность строя", msg("The number of formed warriors in a unit's longest rank; it sets "
         "speed, how easily the unit is hit and who wins a fight."), A, "aot-density"),
    Term(ORDER_NAMES[4], "плотный строй", msg("A unit at density 4: the usual formation of heavy foot."), A,
         "aot-density"),
    Term(ORDER_NAMES[3], "разомкнутый строй", msg("A unit at density 3: looser, quicker "
         "and harder to hit."), A, "aot-density"),
    Term(ORDER_NAMES[2], "рассыпной строй", msg("A unit at density 2: a skirmish screen."), A, "aot-density"),
    Term("formed", "в строю", msg("A warrior still in his place in the ranks; only formed "
         "warriors count toward density, shoot and strike."), A, "aot-warrior-states"),
    Term("disordered", "потеря строя", msg("A warrior who has lost his place in the ranks: still on the "
         "table, but no longer counted in the unit's density."), A, "aot-warrior-states"),
    Term("disorder test", "тест на потерю строя", msg("The roll a unit makes on rough ground, passing through friends, "
         "turning or evading, and when it runs or trots with shields or armour, to see how many warriors lose their "
         "place."), A, "aot-disorder-test"),
    Term("panicking", "паникующий отряд", msg("A unit with no formed warrior left: it has no density,"
         " always moves 10″ and cannot shoot."), A, "aot-panic"),
    Term("strength", "численность", msg("How many warriors a unit has, formed and disordered together."), A,
         "aot-density"),
    Term("unit", "отряд", msg("The body of figures you move and fight with as "
         "one piece, in one or two ranks."), A, "aot-army-unit-size"),
    Term("army list", "лист армии", msg("The menu of units one historical army may field, "
         "with their sizes, weapons and costs."), A, "aot-army-list"),
    Term("army points", "очки комплектования", msg("The budget an army is built with; each unit "
         "and each property costs some."), A, "aot-army-points"),
    Term("junior officer", "младший командир", msg("A marker figure on a unit's base that gives it the initiative "
         "property: it may countercharge, shoot or re-form after the enemy has acted, before the melee."), A,
         "aot-prop-initiative"),
    Term("regular", "регулярные", msg("A unit with a musician: it may re-roll a failed disorder test "
         "and restores two warriors when it reforms."), A, "aot-prop-regular"),
    Term("veteran", "ветераны", msg("A unit with a general or a colonel on its base: its "
         "warriors also succeed on an equal roll."), A, "aot-prop-veteran"),
    Term("elite", "элита", msg("A unit that bought two of the five properties for "
         "one point, with no marker figure."), A, "aot-prop-elite"),
    Term("stubborn", "стойкие", msg("A unit with a standard bearer: disordering one of its "
         "warriors costs the enemy 2 DP instead of 1."), A, "aot-prop-stubborn"),
    Term("barbarian", "варвары", msg("A unit led by a hero figure: it must charge any enemy "
         "within 6″, and is terrifying while it does."), A, "aot-prop-barbarian"),
    Term("recruit", "новобранцы", msg("Cheap green troops, two units to the point: each DP "
         "disorders two of their warriors."), A, "aot-prop-recruit"),
    Term("terrifying", "устрашающее", msg("Troops whose every kill also shakes one more "
         "enemy warrior out of the ranks."), A, "aot-terrifying"),
    Term("general", "генерал (Эпоха битв: полководец)", msg("A commander figure who puts units into action; in Age of "
         "Battles he also steadies the troops near him."), A + B + T, "aot-cmd-slots"),
    Term("commander-in-chief", "главнокомандующий", msg("The general named to lead the whole army."), A,
         "aot-cmd-cinc"),
    Term("colonel", "полковник", msg("A lesser commander: when his unit acts, one more "
         "like unit within 1″ may do the same."), A, "aot-cmd-colonel"),
    Term("initiative roll", "инициатива", msg("The die each player rolls at the start of a turn: it decides "
         "who plays first and how many slots are played."), A, "aot-cmd-initiative"),
    Term("slot", "слот", msg("One numbered step of a turn in which one general's"
         " units (or one lone unit) act."), A, "aot-cmd-slots"),
    Term("double", "дубль", msg("Both initiative dice alike: slots may be rewritten, and "
         "two turns running bring new weather."), A, "aot-cmd-doubles"),
    Term("messenger", "посыльный", msg("A rider sent with an order to units the general cannot "
         "command directly; he may fail to arrive."), A, "aot-cmd-messenger"),
    Term("signal", "звуковой/визуальный сигнал", msg("A horn, drum or banner order that reaches every "
         "unit within a die roll of inches."), A, "aot-cmd-signal"),
    Term("battle line", "боевая линия", msg("Units side by side, no gap over 1″, led by "
         "one general as one body."), A, "aot-cmd-battle-line"),
    Term("turn", "ход", msg("One round of play: initiative, unfinished "
         "fights, then every slot in order."), A, "aot-turn-sequence"),
    Term("action", "действие", msg("What one activated unit does in its slot: "
         "move, shoot or reform."), A, "aot-unit-actions"),
    Term("weather", "погода", msg("The conditions of the day, changed by doubles;"
         " nightfall ends the battle."), A, "aot-weather"),
    Term("nightfall", "наступила ночь", msg("The 6:6 weather: the battle stops at once "
         "and victory goes on points."), A, "aot-weather-night"),
    Term("victory points", "победные очки", msg("The score counted at nightfall from what became "
         "of the enemy's army and camp."), A, "aot-victory-points"),
    Term("move allowance", "дистанция движения", msg("How far a unit may go in one move: 10″"
         " minus its density."), A, "aot-move-distance"),
    Term("run", "движение бегом", msg("Foot's extra move once a turn, one die in inches; foot with both shields and "
         "armour may not run, and with one of the two the die is also a disorder test."), A, "aot-run"),
    Term("trot", "движение рысью", msg("Horse's extra move once a turn: two dice in inches (one if the horses are"
         " armoured); armoured riders test on one die."), A, "aot-trot"),
    Term("rough ground", "пересечённая местность", msg("Terrain such as woods or streams that a unit may cross at"
         " the price of a disorder test."), A, "aot-rough-terrain"),
    Term("evade", "уклонение", msg("To fall back before a charging enemy "
         "instead of receiving it."), A, "aot-evade-procedure"),
    Term("dispersed", "рассеян", msg("Said of a unit broken up and taken off the table; "
         "it scores like a destroyed unit."), A, "aot-evade-procedure"),
    Term("breakthrough", "прорыв строя", msg("Cavalry or chariots riding down one unit of foot and carrying "
         "on into the next, declared before the charge."), A, "aot-breakthrough"),
    Term("turning", "разворот", msg("Facing a unit another way without moving it; "
         "it costs a disorder test."), A, "aot-turn"),
    Term("reform", "перестроение", msg("Changing a unit's ranks or density, or rallying "
         "disordered warriors; one of its actions."), A, "aot-reform"),
    Term("defensive formation", "оборонительное построение", msg("The density-5 block only foot may take up; it cannot"
         " move until it reforms out of it."), A, "aot-reform-defensive-5"),
    Term("frontal arc", "сектор обстрела", msg("The 45° either side of straight ahead in "
         "which a unit may shoot."), A, "aot-shoot-arc-los"),
    Term("line of sight", "линия видимости", msg("The two lines from the shooter's front corners that "
         "must reach the target unblocked."), A, "aot-shoot-arc-los"),
    Term("cover", "укрытие", msg("A wood's or village's edge, a hedge or a camp: the range count "
         "then uses the target's density, not its strength."), A, "aot-shoot-cover"),
    Term("shield wall", "стена щитов", msg("Shields locked together: it turns some "
         "missiles and blows away."), A, "aot-shoot-shieldwall"),
    Term("armour-piercing", "бронебойное", msg("A weapon whose blow, stopped by a shield wall or "
         "armour, still disorders the warrior."), A, "aot-armour-piercing"),
    Term("two-handed", "двуручное", msg("A weapon that needs both hands, so its unit "
         "cannot form a shield wall in melee."), A, "aot-two-handed"),
    Term("return fire", "ответить на стрельбу", msg("A target's shooting back at the "
         "unit that shot it."), A, "aot-react-return-fire"),
    Term("countercharge", "контратака", msg("A target's dash into contact with the unit shooting at it, "
         "which cancels the volley if it arrives."), A, "aot-react-countercharge"),
    Term("charge", "атака", msg("Moving, running or trotting into contact with "
         "an enemy unit to fight it."), A, "melee-charging"),
    Term("melee", "ближний бой", msg("Close combat between units in contact: both sides strike, "
         "then the result decides who falls back."), A, "aot-melee-engage"),
    Term("horse strike", "удар конями", msg("The second die each rider rolls against foot when the "
         "horses charged in a straight line, or when foot charge the horses from the front."), A,
         "aot-melee-horse-strike"),
    Term("retreat", "отступление", msg("The loser's move: turn about (a disorder test), then the "
         "full move straight away from the enemy."), A, "aot-melee-retreat"),
    Term("demoralization points", "очки деморализации", msg("Points (DP) the winner of a fight or a volley spends "
         "against enemy units: to disorder them, push them back or "
         "force an attack."), A, "aot-demo-earn"),
    Term("camp", "лагерь", msg("An army's baggage, placed during set-up; capturing "
         "the enemy's scores victory points."), A, "aot-camp"),
    Term("clash", "столкновение", msg("The sheet's close combat: each side rolls for a target built from "
         "Attack, the enemy's Defence and its fighting spirit."), B, "aob-clash"),
    Term("combat strength", "боевая сила", msg("Attack plus or minus fighting spirit, counted "
         "afresh before every clash."), B, "aob-clash-factors"),
    Term("fighting spirit", "боевой дух", msg("The sum of a regiment's clash factors, "
         "added to its target number."), B, "aob-clash"),
    Term("steadiness test", "тест на стойкость", msg("The roll that decides whether a regiment stands; the"
         " sheet never gives its pass mark."), B, "aob-steadiness-test"),
    Term("rout", "бегство", msg("Flight toward one's own table edge, until a general "
         "within 1 pace rallies the regiment."), B, "aob-rout"),
    Term("glory", "слава", msg("A regiment's renown: half its front rank's lowest Attack, "
         "lost by fleeing, gained by routing an enemy."), B, "aob-glory"),
    Term("regiment", "полк", msg("Age of Battles' unit of figures."), B, "aob-scope"),
    Term("Group", "группа", msg("The skirmish fragment's unit: a few Men who "
         "move and fight together."), S, "sp-core-entities"),
    Term("Hero", "герой", msg("A leader figure; Heroes do the thinking, the Men follow."), S, "sp-core-entities"),
    Term("Formation", "построение", msg("Groups of one regiment joined to move as one."), S, "sp-formation-join"),
    Term("action dice", "кубики действия", msg("The dice (AD) a Group or a blind spends on "
         "moving, looking and shooting."), S, "sp-move-dice"),
    Term("Shock", "шок", msg("The strain a Group piles up; infantry with more "
         "Shock than men may no longer advance."), S, "sp-shock-inf"),
    Term("blind", "невидимая карта", msg("A card standing for troops the enemy has not yet "
         "spotted; it cannot be shot at."), S, "sp-blind-basics"),
    Term("spotting", "обнаружение", msg("The two-dice roll that uncovers an enemy blind."), S, "sp-spot-roll"),
    Term("skirmish line", "цепь", msg("Men spread out in open order, with their own "
         "movement and shooting rules."), S, "sp-move-formation-table"),
    Term("base", "база", msg("Batalist's unit: one base of figures, activated and fought as one."), T, "bat-base"),
    Term("step", "шаг", msg("Batalist's unit of distance; the players fix its"
         " length (2 cm is suggested)."), T, "bat-measure"),
    Term("Quality", "качество (Кч)", msg("A base's training and nerve, 1 to 5: activation and "
         "morale dice are rolled against it."), T, "bat-profile"),
    Term("profile", "профиль", msg("A kind of figure written down as a name, six"
         " numbers and its skills."), T, "bat-profile"),
    Term("order card", "карта приказа", msg("A card laid face down on a base in the orders "
         "phase, up to three a turn."), T, "bat-order-phase"),
    Term("action point", "очко действия", msg("What each activation die at or under Quality earns "
         "(AP); every order but Cast costs one."), T, "bat-activation"),
    Term("pass", "спасовать", msg("To let the opponent activate a base instead "
         "of activating one yourself."), T, "bat-pass"),
    Term("morale test", "мораль", msg("Three dice against Quality; each die above it is a "
         "failure, and the failures decide the outcome."), T, "bat-morale-test"),
    Term("spell", "заклинание", msg("A Mage's magic, given by the Cast order "
         "card; the roll may go wrong."), T, "bat-magic-cast"),
)
#: The rulebook's nouns that are not glossary terms, each at the section that explains it (a book label), so the
#: general index leads a reader looking up "elephant" or "stakes" to the rule (issue 38).  Not definitions: the
#: index shows the noun only.
INDEX_NOUNS: dict[str, str] = {
    "elephant": "aot-elephant-unit", "elephant driver": "aot-elephant-crew", "elephant tower": "aot-elephant-crew",
    "elephant against elephant": "aot-elephant-vs-elephant", "elephant wound": "aot-elephant-wound",
    "chariot": "aot-chariot-basics", "scythed chariot": "aot-chariot-scythed", "chariot wound": "aot-chariot-wound",
    "Sumerian battle cart": "aot-cart-sumerian", "war wagon": "aot-war-wagon", "camel": "aot-camel",
    "artillery": "aot-art-classes", "light artillery": "aot-art-shoot-light", "heavy artillery": "aot-art-shoot-heavy",
    "bombard": "aot-ex-bombard", "artillery crew": "aot-art-crew", "war machine": "aot-art-classes",
    "flank": "aot-melee-flank", "flank attack": "aot-turn-flank-attacked", "flank shot": "aot-shoot-flank",
    "rear": "aot-melee-flank", "pike": "aot-melee-pike", "spear": "aot-melee-hit-spear", "halberd": "aot-melee-halberd",
    "lance": "aot-melee-hit-lance", "two-handed weapon": "aot-melee-two-handed", "sword": "aot-melee-strikes",
    "bow": "aot-shoot-hit", "javelin": "aot-shoot-javelin", "sling": "aot-ex-slingers", "handgun": "aot-shoot-handgun",
    "shooter": "aot-melee-hit-shooter", "specialist weapon": "aot-melee-hit-specialist",
    "mixed weapons": "aot-army-mixed-weapons", "second weapon": "aot-army-mixed-weapons",
    "armour": "aot-melee-armour", "horse armour": "aot-melee-horse-armour", "shield": "aot-shoot-shieldwall",
    "pavise": "aot-shoot-pavise", "equipment": "aot-equipment", "stakes": "aot-stakes",
    "camp placement": "aot-camp-place", "deployment": "aot-deploy", "meeting engagement": "aot-meeting",
    "terrain": "aot-terrain-types", "terrain bid": "aot-terrain-bid", "terrain placement": "aot-terrain-place",
    "wood": "aot-ex-forest", "hill": "aot-terrain-types", "village": "aot-terrain-types", "river": "aot-terrain-types",
    "marsh": "aot-terrain-types", "measuring": "aot-measure", "range": "aot-shoot-range",
    "arc of fire": "aot-shoot-arc-los",
    "casualty": "aot-casualty-removal", "hit": "aot-shoot-hit", "volley": "aot-shoot-simultaneous",
    "standard bearer": "aot-army-points", "musician": "aot-prop-regular", "marker figure": "aot-army-points",
    "property": "aot-prop-elite", "initiative": "aot-prop-initiative", "unit size": "aot-army-unit-size",
    "cavalry": "aot-melee-cav-other", "infantry": "aot-move-distance", "light infantry": "aot-elephant-unit",
    "mixed unit": "aot-elephant-unit", "warrior": "aot-warrior-states", "density limit": "aot-density-limits",
    "merging units": "aot-reform-merge-split", "splitting a unit": "aot-reform-merge-split",
    "passing through friends": "aot-move-through-friends", "wind": "aot-weather-wind", "hot sun": "aot-weather-sun",
    "soaked ground": "aot-weather-mud", "downpour": "aot-weather-rain", "storm": "aot-weather-storm",
    "free action": "aot-cmd-free-actions", "unit action": "aot-unit-actions", "turn sequence": "aot-turn-sequence",
    "slot order": "aot-cmd-slot-order", "nationality": "aot-cmd-nationality", "withdrawal": "aot-victory-withdraw",
    "forced attack": "aot-demo-forced-attack", "forced retreat": "aot-demo-retreat", "targeting": "aot-demo-targeting",
    "points victory": "aot-victory-points",
}



def term(name: str) -> Term:
    """The entry whose headword is ``name`` (any case); KeyError for an unknown term.

    >>> term("Density").russian
    'плотность строя'
    """
    for t in TERMS:
        if t.term.lower() == name.lower():
            return t
    raise KeyError(name)


def systems_line(t: Term, lang: str | None = None) -> str:
    """The systems a term belongs to, named as the book names them, in ``lang`` (default: the language in force).

    >>> systems_line(term("general"))
    'Art of Tactics, Age of Battles, Batalist'
    """
    return ", ".join(SYSTEM_NAMES[s].render(lang) for s in t.systems)


#: Russian alphabetical order: ё files with е (a dictionary's order, not the code points', which put ё after я).
_RUSSIAN_ORDER = str.maketrans({"ё": "е", "«": None, "»": None, "„": None, "“": None})


def russian_key(word: str) -> tuple[str, str]:
    """Sort key of a Russian term in dictionary order: case and ё set aside first, then the exact spelling.

    >>> sorted(["ёж", "Юг", "ель", "ящик", "аист"], key=russian_key)
    ['аист', 'ёж', 'ель', 'Юг', 'ящик']
    """
    return word.lower().translate(_RUSSIAN_ORDER).strip(), word


def russian_order(terms: tuple[Term, ...] = ()) -> list[Term]:
    """The terms (default: every term) in the Russian alphabetical order of their Russian words."""
    return sorted(terms or TERMS, key=lambda t: (russian_key(t.russian), t.term.lower()))


#: The other spellings a chapter may use for a term, beyond its headword and the headword's regular plural:
#: verb forms, irregular plurals, abbreviations.  The first-use test (``tests/book/test_glossary_first_use.py``)
#: reads them, so "densities", "charging" or "DP" in running prose counts as a use of the term it names.
INFLECTIONS: dict[str, tuple[str, ...]] = {
    "density": ("densities",),
    "regular": ("regulars",),
    "veteran": ("veterans",),
    "barbarian": ("barbarians",),
    "recruit": ("recruits",),
    "general": ("generals",),
    "colonel": ("colonels",),
    "slot": ("slots",),
    "double": ("doubles",),
    "messenger": ("messengers",),
    "signal": ("signals",),
    "battle line": ("battle lines",),
    "turn": ("turns",),
    "action": ("actions",),
    "run": ("runs", "running"),
    "trot": ("trots", "trotting"),
    "evade": ("evades", "evading", "evaded", "evasion"),
    "reform": ("reforms", "reforming", "reformed"),
    "line of sight": ("lines of sight",),
    "cover": (),  # "covers" is nearly always the verb (a unit covers 8″), so the term has no plural here
    "countercharge": ("countercharges", "countercharging"),
    "charge": ("charges", "charging", "charged"),
    "retreat": ("retreats", "retreating", "retreated"),
    "demoralization points": ("DP",),
    "clash": ("clashes",),
    "rout": ("routs", "routed", "routing"),
    "Hero": ("Heroes",),
    "action dice": ("AD",),
    "blind": ("blinds",),
    "action point": ("action points", "AP"),
    "pass": ("passes", "passed"),
}


def spellings(t: Term) -> tuple[str, ...]:
    """Every spelling of ``t`` a chapter may use: the headword, its regular plural and its known inflections.

    The plural is formed only for single nouns that take a plain "s" (a term the book never uses in the
    plural gains a harmless extra spelling); abbreviations and irregular forms come from ``INFLECTIONS``.

    >>> spellings(term("disorder test"))
    ('disorder test', 'disorder tests')
    >>> spellings(term("demoralization points"))
    ('demoralization points', 'DP')
    """
    head = t.term
    plural = () if head.endswith(("s", "y", "ed", "ing", "ness")) or head in INFLECTIONS else (head + "s",)
    return (head, *plural, *INFLECTIONS.get(head, ()))
