"""The one catalogue of rule IDs for all four rule systems: every rule entry of the rules index, with its
kind, whether it rolls dice and how many of its source's cells are blank, and every worked example.

The book counts from here (how many entries a part has, how many roll dice, how many are blank in our
copy) and the coverage tests hold the registries and the pages to it, so neither needs the index itself:
the repository builds and tests on its own.  One test, ``tests/core/test_catalogue.py``, holds this catalogue to
``../shared/rules-index.md`` and fails when the index is missing on CI.  When the index changes, that test
prints the entries that differ; edit them here.

``source`` records, for the two companion parts whose introductions count it, how completely their source
states the rule (None where the book does not count it).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from aot_rules.core.i18n import Message, msg, vocabulary


@vocabulary({
    "clear": msg("stated in full"), "reading": msg("stated, with a gap the book fills by a Reading"),
    "term": msg("uses a term or sign the source never gives (read by the book)"),
    "missing": msg("named, but its procedure is not in the source"),
    "absent-base": msg("rests on base rules the source does not include"),
}, formerly={
    "stated in full": "clear", "stated, with a gap the book fills by a Reading": "reading",
    "uses a term or sign the source never gives (read by the book)": "term",
    "named, but its procedure is not in the source": "missing",
    "rests on base rules the source does not include": "absent-base",
})
class Source(StrEnum):
    """How much of a rule its source gives."""

    CLEAR = "clear"
    READING = "reading"
    TERM = "term"
    MISSING = "missing"
    ABSENT_BASE = "absent-base"


class Rule(NamedTuple):
    """One entry: its ID, its title (a catalogue message, so each face shows it in the reader's language; its msgid
    is the index's English) and kind tag as the index gives them, whether it rolls dice, how many of
    its numbers are blank in our copy of the source, and how completely the source states it."""

    rule_id: str
    title: Message
    kind: str
    dice: bool
    blanks: int = 0
    source: Source | None = None

    @property
    def system(self) -> str:
        """The rule system's prefix: AOT, AOB, SP or BAT."""
        return self.rule_id.split("-", 1)[0]


RULES: tuple[Rule, ...] = (
    Rule('AOT-EQUIPMENT', msg('Materials and scale'), 'RULE', False, 0),
    Rule('AOT-VICTORY-ROUT', msg('Total victory'), 'RULE', False, 0),
    Rule('AOT-VICTORY-POINTS', msg('Victory on points (nightfall)'), 'RULE', False, 0),
    Rule('AOT-VICTORY-WITHDRAW', msg('Organised withdrawal'), 'RULE', False, 0),
    Rule('AOT-ARMY-POINTS', msg('Points budget and costs'), 'RULE', False, 0),
    Rule('AOT-ARMY-UNIT-SIZE', msg('Unit size and ranks'), 'RULE', False, 0),
    Rule('AOT-ARMY-MIXED-WEAPONS', msg('Mixed-weapon units'), 'RULE', False, 0),
    Rule('AOT-ARMY-LIST', msg('Army list notation'), 'RULE', False, 0),
    Rule('AOT-DENSITY', msg('Density and standard orders'), 'RULE', False, 0),
    Rule('AOT-DENSITY-LIMITS', msg('Changing density'), 'RULE', False, 0),
    Rule('AOT-WARRIOR-STATES', msg('Formed / disordered / removed'), 'RULE', False, 0),
    Rule('AOT-PROP-STUBBORN', msg('Stubborn (standard bearer)'), 'RULE', False, 0),
    Rule('AOT-PROP-REGULAR', msg('Regular (musician)'), 'DICE', True, 0),
    Rule('AOT-PROP-INITIATIVE', msg('Initiative (junior officer)'), 'RULE', False, 0),
    Rule('AOT-PROP-BARBARIAN', msg('Barbarians (hero figure)'), 'RULE', False, 0),
    Rule('AOT-PROP-VETERAN', msg('Veterans (commander in the unit)'), 'DICE', True, 0),
    Rule('AOT-PROP-ELITE', msg('Elite'), 'RULE', False, 0),
    Rule('AOT-PROP-RECRUIT', msg('Recruits'), 'RULE', False, 0),
    Rule('AOT-TERRIFYING', msg('"Terrifying" (cross-reference)'), 'DICE-linked RULE', True, 0),
    Rule('AOT-ARMOUR-PIERCING', msg('Armour-piercing (cross-reference)'), 'RULE', False, 0),
    Rule('AOT-TWO-HANDED', msg('Two-handed weapons (cross-reference)'), 'RULE', False, 0),
    Rule('AOT-CMD-SLOTS', msg('Slot allocation'), 'RULE', False, 0),
    Rule('AOT-CMD-INITIATIVE', msg('Initiative roll and slot ranges'), 'DICE', True, 0),
    Rule('AOT-CMD-SLOT-ORDER', msg('Executing slots'), 'RULE', False, 0),
    Rule('AOT-CMD-DIRECT', msg('Direct command'), 'GEO', False, 0),
    Rule('AOT-CMD-SIGNAL', msg('Sound/visual signal'), 'DICE+GEO', True, 0),
    Rule('AOT-CMD-BATTLE-LINE', msg('Battle line'), 'GEO', False, 1),
    Rule('AOT-CMD-MESSENGER', msg('Messenger'), 'DICE+GEO', True, 0),
    Rule('AOT-CMD-CINC', msg('Commander-in-chief'), 'RULE', False, 0),
    Rule('AOT-CMD-COLONEL', msg('Colonel'), 'RULE', False, 0),
    Rule('AOT-CMD-INDIVIDUAL-SLOT', msg('"Individual unit" slot'), 'RULE', False, 0),
    Rule('AOT-CMD-NATIONALITY', msg('Nationality limits'), 'RULE', False, 0),
    Rule('AOT-CMD-FREE-ACTIONS', msg('Things that need no activation'), 'RULE', False, 0),
    Rule('AOT-CMD-DOUBLES', msg('Initiative doubles'), 'DICE', True, 0),
    Rule('AOT-WEATHER', msg('Weather table (index)'), 'DICE', True, 0),
    Rule('AOT-WEATHER-WIND', msg('1:1 Wind'), 'DICE', True, 0),
    Rule('AOT-WEATHER-SUN', msg('2:2 Hot sun'), 'DICE', True, 0),
    Rule('AOT-WEATHER-MUD', msg('3:3 Soaked ground'), 'RULE', False, 0),
    Rule('AOT-WEATHER-RAIN', msg('4:4 Downpour'), 'RULE', False, 0),
    Rule('AOT-WEATHER-STORM', msg('5:5 Storm'), 'DICE+GEO', True, 0),
    Rule('AOT-WEATHER-NIGHT', msg('6:6 Nightfall'), 'RULE', False, 0),
    Rule('AOT-TERRAIN-BID', msg('Bidding for terrain count and roles'), 'DICE', True, 0),
    Rule('AOT-TERRAIN-PLACE', msg('Terrain elements'), 'GEO', False, 0),
    Rule('AOT-CAMP-PLACE', msg('Camps'), 'GEO', False, 0),
    Rule('AOT-DEPLOY', msg('Deployment'), 'GEO', False, 0),
    Rule('AOT-MEETING', msg('Meeting engagement (optional set-up)'), 'DICE+GEO', True, 0),
    Rule('AOT-TURN-SEQUENCE', msg('Turn sequence'), 'RULE', False, 0),
    Rule('AOT-UNIT-ACTIONS', msg('Unit actions per turn'), 'RULE', False, 0),
    Rule('AOT-MEASURE', msg('Measuring'), 'GEO', False, 0),
    Rule('AOT-MOVE-DISTANCE', msg('Move distance'), 'RULE (formula)', False, 0),
    Rule('AOT-MOVE-PROCEDURE', msg('Moving a unit'), 'GEO', False, 0),
    Rule('AOT-DISORDER-TEST', msg('Disorder test'), 'DICE', True, 0),
    Rule('AOT-ROUGH-TERRAIN', msg('Rough terrain tests'), 'DICE+GEO', True, 0),
    Rule('AOT-TERRAIN-TYPES', msg('Terrain effects'), 'RULE', False, 0),
    Rule('AOT-MOVE-THROUGH-FRIENDS', msg('Passing through a friendly unit'), 'DICE+GEO', True, 0),
    Rule('AOT-RUN', msg('Infantry run'), 'DICE+GEO', True, 1),
    Rule('AOT-TROT', msg('Cavalry trot'), 'DICE+GEO', True, 0),
    Rule('AOT-PANIC', msg('Panicking units'), 'DICE+GEO', True, 0),
    Rule('AOT-EVADE-ELIGIBILITY', msg('Who may evade whom'), 'RULE', False, 0),
    Rule('AOT-EVADE-PROCEDURE', msg('Evasion move'), 'DICE+GEO', True, 0),
    Rule('AOT-EVADE-FLANK', msg('Evading a flank attack'), 'DICE+GEO', True, 0),
    Rule('AOT-BREAKTHROUGH', msg('Cavalry breakthrough'), 'RULE', False, 0),
    Rule('AOT-TURN', msg('Turning'), 'DICE+GEO', True, 0),
    Rule('AOT-TURN-FLANK-ATTACKED', msg('Turning to face a flank/rear attack'), 'DICE+GEO', True, 0),
    Rule('AOT-REFORM', msg('Reform'), 'RULE (action)', False, 0),
    Rule('AOT-REFORM-MERGE-SPLIT', msg('Merging and splitting'), 'RULE', False, 0),
    Rule('AOT-REFORM-DEFENSIVE-5', msg('Density-5 defensive formation'), 'RULE', False, 0),
    Rule('AOT-SHOOT-ARC-LOS', msg('Arc and line of sight'), 'GEO', False, 1),
    Rule('AOT-SHOOT-RANGE', msg('Range = number of firers'), 'RULE (formula; the input to the dice)', False, 0),
    Rule('AOT-SHOOT-COVER', msg('Cover'), 'GEO', False, 0),
    Rule('AOT-SHOOT-HIT', msg('Shooting hit roll'), 'DICE', True, 0),
    Rule('AOT-SHOOT-HANDGUN', msg('Handguns'), 'DICE', True, 0),
    Rule('AOT-SHOOT-JAVELIN', msg('Javelins'), 'DICE', True, 0),
    Rule('AOT-SHOOT-SIMULTANEOUS', msg('Simultaneous fire'), 'RULE', False, 0),
    Rule('AOT-CASUALTY-REMOVAL', msg('Removing casualties'), 'RULE', False, 0),
    Rule('AOT-SHOOT-SHIELDWALL', msg('Shield wall against shooting'), 'DICE', True, 0),
    Rule('AOT-SHOOT-PAVISE', msg('Pavises'), 'DICE', True, 0),
    Rule('AOT-SHOOT-HORSE-ARMOUR', msg('Horse armour against shooting'), 'DICE', True, 0),
    Rule('AOT-REACT-RETURN-FIRE', msg('Return fire'), 'RULE', False, 0),
    Rule('AOT-REACT-COUNTERCHARGE', msg('Countercharge'), 'DICE+GEO', True, 0),
    Rule('AOT-SHOOT-RESULT', msg('Result of shooting'), 'RULE', False, 0),
    Rule('AOT-SHOOT-FLANK', msg('Flank shooting'), 'GEO+DICE', True, 0),
    Rule('AOT-MELEE-ENGAGE', msg('Who fights'), 'RULE', False, 0),
    Rule('AOT-MELEE-STRIKES', msg('Striking'), 'DICE', True, 0),
    Rule('AOT-MELEE-HIT-SHOOTER', msg('Shooters in melee'), 'DICE', True, 0),
    Rule('AOT-MELEE-HIT-SPEAR', msg('Spear, pike, halberd (shock troops)'), 'DICE', True, 0),
    Rule('AOT-MELEE-PIKE', msg('Pike extras'), 'DICE', True, 0),
    Rule('AOT-MELEE-HALBERD', msg('Halberd modes'), 'DICE', True, 0),
    Rule('AOT-MELEE-HIT-SPECIALIST', msg('Close-combat specialists (sword, axe, short spear)'), 'DICE', True, 0),
    Rule('AOT-MELEE-TWO-HANDED', msg('Two-handed axe / two-handed sword'), 'DICE', True, 0),
    Rule('AOT-MELEE-HIT-LANCE', msg('Cavalry lance'), 'DICE', True, 0),
    Rule('AOT-MELEE-CAV-OTHER', msg('Other cavalry weapons'), 'DICE', True, 0),
    Rule('AOT-MELEE-HORSE-STRIKE', msg('Horse strike'), 'DICE (with a geometric precondition)', True, 0),
    Rule('AOT-MELEE-SHIELDWALL', msg('Shield wall in melee'), 'DICE', True, 0),
    Rule('AOT-MELEE-ARMOUR', msg('Armour'), 'DICE', True, 0),
    Rule('AOT-MELEE-HORSE-ARMOUR', msg('Horse armour in melee'), 'DICE', True, 0),
    Rule('AOT-MELEE-FLANK', msg('Flank and rear attack'), 'GEO+RULE', False, 1),
    Rule('AOT-MELEE-RESULT', msg('Melee result'), 'RULE', False, 0),
    Rule('AOT-MELEE-RETREAT', msg('Retreat of the loser'), 'DICE+GEO', True, 0),
    Rule('AOT-DEMO-EARN', msg('Gaining DP'), 'RULE', False, 0),
    Rule('AOT-DEMO-TARGETING', msg('Where DP may be spent'), 'GEO', False, 0),
    Rule('AOT-DEMO-DISORDER', msg('DP: disorder warriors'), 'RULE', False, 0),
    Rule('AOT-DEMO-RETREAT', msg('DP: force a retreat'), 'GEO', False, 0),
    Rule('AOT-DEMO-FORCED-ATTACK', msg('DP: force an attack'), 'GEO', False, 0),
    Rule('AOT-CAMEL', msg('Camels'), 'RULE', False, 0),
    Rule('AOT-ELEPHANT-UNIT', msg('Elephant units'), 'RULE', False, 0),
    Rule('AOT-ELEPHANT-MOVE', msg('Elephant movement'), 'DICE+GEO', True, 0),
    Rule('AOT-ELEPHANT-ATTACK', msg('Trampling'), 'DICE', True, 0),
    Rule('AOT-ELEPHANT-WOUND', msg('Elephant hit test'), 'DICE', True, 0),
    Rule('AOT-ELEPHANT-CREW', msg('Elephant crew'), 'RULE', False, 0),
    Rule('AOT-ELEPHANT-VS-ELEPHANT', msg('Elephant against elephant'), 'DICE', True, 0),
    Rule('AOT-CHARIOT-BASICS', msg('Chariot basics'), 'RULE', False, 0),
    Rule('AOT-CHARIOT-COMBAT', msg('Chariot combat'), 'DICE', True, 0),
    Rule('AOT-CHARIOT-TURN-TROT', msg('Overturning'), 'DICE', True, 0),
    Rule('AOT-CHARIOT-WOUND', msg('Chariot hit test'), 'DICE', True, 0),
    Rule('AOT-CHARIOT-FLANK', msg('Chariot attacked in flank or rear'), 'RULE', False, 0),
    Rule('AOT-CHARIOT-DEMO', msg('Demoralizing chariots'), 'RULE', False, 0),
    Rule('AOT-CHARIOT-SCYTHED', msg('Scythed chariots'), 'RULE', False, 0),
    Rule('AOT-CART-SUMERIAN', msg('Sumerian battle carts'), 'RULE', False, 0),
    Rule('AOT-WAR-WAGON', msg('War wagons (e.g. Hussite)'), 'RULE+GEO', False, 0),
    Rule('AOT-ART-CLASSES', msg('Artillery classes'), 'RULE', False, 0),
    Rule('AOT-ART-CREW', msg('Artillery crews'), 'RULE', False, 0),
    Rule('AOT-ART-SHOOT-LIGHT', msg('Light machines and light artillery: shooting'), 'DICE', True, 0),
    Rule('AOT-ART-SHOOT-HEAVY', msg('Heavy machines and heavy artillery: shooting'), 'DICE', True, 0),
    Rule('AOT-CAMP', msg('Camp'), 'RULE+GEO', False, 0),
    Rule('AOT-STAKES', msg('Stakes'), 'DICE+GEO', True, 0),
    Rule('AOT-LOST-CONTENT', msg('Missing illustrations and examples'), 'RULE (source gap)', False, 0),
    Rule('AOB-SCOPE', msg('Fragment scope'), 'RULE', False, 0, Source.ABSENT_BASE),
    Rule('AOB-SHOOT-REAR-RANKS', msg('Shooting from rear ranks'), 'RULE+GEO', False, 0, Source.ABSENT_BASE),
    Rule('AOB-SLINGERS', msg('Slingers'), 'RULE', False, 0, Source.ABSENT_BASE),
    Rule('AOB-SHOOT-MOVE', msg('Shooting and movement'), 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-SINGLE-FIGURE', msg('Lone warriors'), 'GEO', False, 0, Source.CLEAR),
    Rule('AOB-DEPLOY-ROLES', msg('Attacker and defender'), 'DICE', True, 0, Source.CLEAR),
    Rule('AOB-GENERAL', msg('General in a regiment'), 'DICE', True, 0, Source.ABSENT_BASE),
    Rule('AOB-STANDARD', msg('Standard bearer'), 'DICE', True, 0, Source.ABSENT_BASE),
    Rule('AOB-MUSICIAN', msg('Musician'), 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-GLORY', msg('Regiment Glory'), 'RULE (formula)', False, 0, Source.CLEAR),
    Rule('AOB-CLASH', msg('Clash (pre-melee shock)'), 'DICE', True, 0, Source.CLEAR),
    Rule('AOB-CLASH-FACTORS', msg('Clash factor table'), 'RULE (modifier table)', False, 0, Source.CLEAR),
    Rule('AOB-CLASH-RANKS', msg('Rank bonuses'), 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-CLASH-CASUALTIES', msg('Clash casualties'), 'DICE', True, 0, Source.CLEAR),
    Rule('AOB-CLASH-TERRAIN', msg('Terrain and the clash'), 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-CLASH-MULTI', msg('Two regiments against one'), 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-COVERED-FLANK', msg('Covered flank'), 'GEO', False, 0, Source.CLEAR),
    Rule('AOB-MELEE', msg('Melee under the corrections'), 'RULE', False, 0, Source.ABSENT_BASE),
    Rule('AOB-STEADINESS-TRIGGER', msg('Who tests steadiness'), 'GEO', False, 0, Source.CLEAR),
    Rule('AOB-STEADINESS-TEST', msg('Steadiness test procedure'), 'DICE (undefined)', True, 0, Source.ABSENT_BASE),
    Rule('AOB-GENERAL-LOSS', msg('Loss of a general'), 'RULE', False, 0, Source.ABSENT_BASE),
    Rule('AOB-ROUT', msg('Flight and rallying'), 'GEO+DICE', True, 0, Source.ABSENT_BASE),
    Rule('SP-CORE-ENTITIES', msg('Heroes, Men, Groups, Formations'), 'RULE', False, 1),
    Rule('SP-BLIND-BASICS', msg('Blinds (hidden movement)'), 'GEO+RULE', False, 0),
    Rule('SP-BLIND-DEPLOY', msg('Leaving a blind'), 'RULE', False, 0),
    Rule('SP-BLIND-TERRAIN', msg('Concealing terrain'), 'RULE', False, 0),
    Rule('SP-BLIND-DUMMY', msg('Dummy blinds'), 'RULE', False, 0),
    Rule('SP-MOVE-DICE', msg('Movement dice'), 'DICE+GEO', True, 0),
    Rule('SP-MOVE-FORMATION-TABLE', msg('Movement by formation'), 'DICE', True, 2),
    Rule('SP-MOVE-HERO', msg('Hero movement'), 'DICE+GEO', True, 0),
    Rule('SP-MOVE-SHOCK', msg('Shock and slowest-Group speed'), 'RULE', False, 0),
    Rule('SP-MOVE-CAV-WALK', msg('Cavalry starting or stopping'), 'RULE', False, 0),
    Rule('SP-MOVE-CAV-GALLOP', msg('Galloping Formations'), 'RULE', False, 0),
    Rule('SP-MOVE-UNLIMBER', msg('Unlimbering guns'), 'RULE+GEO', False, 0),
    Rule('SP-MOVE-ANIMALS', msg('Pack and draught animals'), 'DICE+GEO', True, 0),
    Rule('SP-TERRAIN-ROUGH', msg('Rough ground'), 'DICE', True, 0),
    Rule('SP-TERRAIN-OBSTACLE', msg('Linear obstacles'), 'RULE', False, 0),
    Rule('SP-TERRAIN-CAV', msg('Cavalry and terrain'), 'RULE', False, 0),
    Rule('SP-TERRAIN-MIXED', msg('Several terrain types'), 'RULE', False, 0),
    Rule('SP-FORMATION-JOIN', msg('Forming a Formation'), 'RULE', False, 0),
    Rule('SP-FACING', msg('Changing facing and formation'), 'GEO', False, 0),
    Rule('SP-PASS-THROUGH', msg('Passing through friends'), 'RULE', False, 0),
    Rule('SP-SPOT-WHO', msg('Who can spot'), 'RULE', False, 0),
    Rule('SP-SPOT-ROLL', msg('Spotting roll and table'), 'DICE', True, 10),
    Rule('SP-SPOT-MODIFIERS', msg('Spotting modifiers'), 'RULE (modifier table)', False, 1),
    Rule('SP-SPOT-AUTO', msg('Automatic spotting'), 'GEO', False, 0),
    Rule('SP-SHOOT-WHO', msg('Who may shoot, and arcs'), 'GEO', False, 0),
    Rule('SP-SHOOT-DICE-CLASS', msg('Shooting dice by troop quality'), 'DICE', True, 0),
    Rule('SP-SHOOT-DICE-ARTILLERY', msg('Artillery dice'), 'DICE', True, 0),
    Rule('SP-SHOOT-DICE-MODS', msg('Shooting dice modifiers'), 'DICE', True, 0),
    Rule('SP-SHOOT-HIT', msg('To-hit rule'), 'DICE', True, 0),
    Rule('SP-SHOOT-HIT-TABLE-LINE', msg('To-hit: line troops (and light troops in line)'), 'DICE (table)', True, 10),
    Rule('SP-SHOOT-HIT-TABLE-SKIRMISH', msg('To-hit: light troops in skirmish order'), 'DICE (table)', True, 9),
    Rule('SP-SHOOT-HIT-TABLE-ART', msg('To-hit: artillery'), 'DICE (table)', True, 15),
    Rule('SP-SHOOT-HITS', msg('Effect of each hit'), 'DICE', True, 1),
    Rule('SP-SHOOT-FORMATION-ALLOC', msg('Spreading hits across a Formation'), 'RULE+GEO', False, 0),
    Rule('SP-HERO-HIT', msg('Hits on an attached Hero'), 'DICE', True, 0),
    Rule('SP-HERO-WOUND', msg('Hero wound table'), 'DICE', True, 1),
    Rule('SP-HERO-WOUND-EFFECTS', msg('Effects of wounds'), 'RULE', False, 0),
    Rule('SP-HERO-REPLACE', msg('Replacing a Hero'), 'DICE', True, 1),
    Rule('SP-SHOCK-INF', msg('Infantry with heavy Shock'), 'RULE', False, 0),
    Rule('SP-SHOCK-CAV', msg('Cavalry with heavy Shock'), 'RULE+GEO', False, 0),
    Rule('SP-SHOCK-ROUT', msg('Rout'), 'RULE', False, 0),
    Rule('SP-SHOCK-ART', msg('Gun crews and Shock'), 'RULE', False, 0),
    Rule('SP-SHOCK-STOP', msg('Stopping a retreat or rout'), 'RULE', False, 0),
    Rule('SP-SHOOT-RIDER', msg('Mounted targets'), 'DICE', True, 2),
    Rule('SP-HERO-RIDER-SKILL', msg('Hero horsemanship'), 'DICE', True, 0),
    Rule('SP-SHOOT-GUN-CREW', msg('Gun crews'), 'RULE', False, 0),
    Rule('SP-AMBUSH', msg('Ambush'), 'RULE+GEO', False, 0),
    Rule('SP-SHARPSHOOTER', msg('Sharpshooter'), 'DICE', True, 0),
    Rule('SP-RAPID-LOAD', msg('Rapid loading of rifles'), 'RULE', False, 0),
    Rule('SP-LOADERS', msg('Loading for comrades'), 'RULE', False, 0),
    Rule('SP-SHOOT-LONE-HERO', msg('Lone Heroes as targets'), 'RULE', False, 0),
    Rule('SP-HERO-CAPTURE', msg('Capturing a Hero'), 'DICE', True, 0),
    Rule('SP-HERO-DUEL', msg('Duel'), 'RULE', False, 0),
    Rule('SP-MELEE-START', msg('When melee happens'), 'RULE', False, 0),
    Rule('SP-MELEE-ALLOC', msg('Pairing fights'), 'RULE', False, 0),
    Rule('SP-MELEE-DICE', msg('Melee dice pool'), 'DICE', True, 0),
    Rule('SP-MELEE-MODS-PCT', msg('Melee percentage modifiers'), 'DICE', True, 0),
    Rule('SP-MELEE-OVERWHELM', msg('Overwhelming odds'), 'RULE (deterministic on dice counts)', False, 0),
    Rule('SP-MELEE-ROLL', msg('Melee roll'), 'DICE', True, 0),
    Rule('SP-MELEE-RESULT', msg('Melee results'), 'RULE (applied to the dice outcome)', False, 0),
    Rule('BAT-MEASURE', msg('Units of measure and definitions'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-BASE', msg('Bases'), 'RULE+GEO', False, 0, Source.CLEAR),
    Rule('BAT-GENERAL', msg('General'), 'RULE', False, 0, Source.TERM),
    Rule('BAT-ZONES', msg('Front, rear and flank zones'), 'GEO', False, 0, Source.READING),
    Rule('BAT-FLANK-REAR-ATTACK', msg('Flank and rear attacks'), 'GEO', False, 0, Source.READING),
    Rule('BAT-LOS', msg('Line of sight'), 'GEO', False, 0, Source.READING),
    Rule('BAT-PROFILE', msg('Figure profile'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-EQUIPMENT', msg('What you need'), 'RULE', False, 0, Source.READING),
    Rule('BAT-TERRAIN', msg('Terrain types'), 'GEO', False, 0, Source.READING),
    Rule('BAT-SETUP', msg('Pre-game steps'), 'RULE+GEO', False, 0, Source.CLEAR),
    Rule('BAT-TURN-SEQUENCE', msg('Turn structure and game end'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-ORDER-PHASE', msg('Orders phase'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-INITIATIVE', msg('Initiative'), 'DICE', True, 0, Source.TERM),
    Rule('BAT-PASS', msg('Passing'), 'RULE', False, 0, Source.READING),
    Rule('BAT-ACTIVATION', msg('Activation and action points'), 'DICE', True, 0, Source.READING),
    Rule('BAT-MAGIC-CAST', msg('Casting spells'), 'RULE', False, 0, Source.READING),
    Rule('BAT-MAGIC-MISCAST', msg('Deadly miscast'), 'DICE', True, 0, Source.READING),
    Rule('BAT-ATTACK-DECLARE', msg('Declaring an attack'), 'GEO', False, 0, Source.CLEAR),
    Rule('BAT-SHOOT-RESTRICT', msg('Who cannot shoot'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-MELEE-DAMAGE', msg('Melee damage'), 'DICE', True, 0, Source.READING),
    Rule('BAT-MELEE-MODS', msg('Melee modifiers'), 'RULE (modifier table)', False, 0, Source.READING),
    Rule('BAT-SHOOT-DAMAGE', msg('Ranged damage'), 'DICE', True, 0, Source.TERM),
    Rule('BAT-SHOOT-MODS', msg('Ranged modifiers'), 'RULE (modifier table)', False, 0, Source.READING),
    Rule('BAT-BASE-DESTROYED', msg('Destroyed bases'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-MORALE-TRIGGERS', msg('When to test morale'), 'RULE', False, 0, Source.TERM),
    Rule('BAT-MORALE-TEST', msg('Morale test'), 'DICE', True, 0, Source.READING),
    Rule('BAT-SKILL-GIANT', msg('Giant'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SKILL-FLYING', msg('Flying'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SKILL-MAGE', msg('Mage'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SKILL-AREA', msg('Area fire ("Площадной")'), 'GEO+DICE', True, 0, Source.READING),
    Rule('BAT-SKILL-STREAM', msg('Stream fire ("Струйный")'), 'GEO+DICE', True, 0, Source.READING),
    Rule('BAT-SKILL-GENERAL', msg('General (skill)'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SKILL-STEALTH', msg('Stealthy'), 'RULE', False, 0, Source.MISSING),
    Rule('BAT-SKILL-LEADER', msg('Leader'), 'RULE', False, 0, Source.MISSING),
    Rule('BAT-SKILL-SCOUT', msg('Scout'), 'RULE', False, 0, Source.MISSING),
    Rule('BAT-SKILL-COWARD', msg('Coward'), 'DICE', True, 0, Source.READING),
    Rule('BAT-SKILL-STANDARD', msg('Standard Bearer'), 'DICE', True, 0, Source.READING),
    Rule('BAT-ORDER-MOVE', msg('Move order'), 'GEO', False, 0, Source.READING),
    Rule('BAT-ORDER-ATTACK', msg('Attack order'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-ORDER-CAST', msg('Cast order'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-ORDER-RECON', msg('Reconnaissance order'), 'RULE', False, 0, Source.MISSING),
    Rule('BAT-ORDER-TRAP', msg('Trap order'), 'RULE', False, 0, Source.MISSING),
    Rule('BAT-SPELL-FIREBALL', msg('Fireball'), 'DICE', True, 0, Source.CLEAR),
    Rule('BAT-SPELL-ICE-RAIN', msg('Ice Rain'), 'GEO+DICE', True, 0, Source.READING),
    Rule('BAT-SPELL-SUMMON', msg('Summon Beast'), 'DICE', True, 0, Source.READING),
    Rule('BAT-SPELL-OBSTACLE', msg('Obstacle'), 'GEO', False, 0, Source.READING),
    Rule('BAT-SPELL-DEATH-LAKE', msg('Lake of Death'), 'GEO+DICE', True, 0, Source.READING),
    Rule('BAT-SPELL-DEATH-CLOUD', msg('Cloud of Death'), 'GEO', False, 0, Source.READING),
    Rule('BAT-SPELL-TERROR', msg('Terror'), 'DICE', True, 0, Source.READING),
    Rule('BAT-SPELL-SLOTH', msg('Sloth'), 'RULE', False, 0, Source.READING),
    Rule('BAT-SPELL-SHIELD', msg('Shield'), 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SPELL-TAILWIND', msg('Tailwind'), 'RULE', False, 0, Source.CLEAR),
)

#: Every worked example of the four systems, in the index's order.
EXAMPLES: tuple[str, ...] = (
    'AOT-EX-INITIATIVE-SLOTS',
    'AOT-EX-STORM',
    'AOT-EX-MOVE-AKONTISTS',
    'AOT-EX-FOREST',
    'AOT-EX-ROMAN-LINES',
    'AOT-EX-GAULS-FLEE',
    'AOT-EX-EVADE-NUMIDIANS',
    'AOT-EX-EVADE-THRACIANS',
    'AOT-EX-EVADE-ANGLOSAXONS',
    'AOT-EX-SLINGERS',
    'AOT-EX-SHIELDWALL',
    'AOT-EX-FLANK-SHOOT',
    'AOT-EX-GAULS-JAVELINMEN',
    'AOT-EX-BOMBARD',
    'AOT-EX-ARMY-LIST-GREEKS',
    'AOT-EX-LEGIONARIES-MIX',
    'AOT-EX-VETERAN-SHOOTERS',
    'AOB-EX-CASUALTY',
    'SP-EX-SWAMP',
    'SP-EX-SHARPSHOOTER',
    'SP-EX-BLIND-CHURCH',
    'SP-EX-CONCEALED',
    'SP-EX-DEPLOY-LINE',
    'BAT-EX-STEP',
    'BAT-EX-MOVE-CORNERS',
    'BAT-EX-TERRAIN-COMBO',
)

_BY_ID = {r.rule_id: r for r in RULES}


def rule(rule_id: str) -> Rule:
    """The entry for ``rule_id`` (KeyError for an ID the catalogue does not know).

    >>> rule("AOT-DENSITY").system, rule("SP-SHOOT-HIT-TABLE-LINE").dice
    ('AOT', True)
    """
    return _BY_ID[rule_id]


def rules(system: str) -> tuple[Rule, ...]:
    """The entries of one system (``"AOT"``, ``"AOB"``, ``"SP"``, ``"BAT"``), in the index's order.

    >>> [len(rules(s)) for s in ("AOT", "AOB", "SP", "BAT")]
    [127, 22, 60, 52]
    """
    return tuple(r for r in RULES if r.system == system)


def dice_rules(system: str) -> tuple[Rule, ...]:
    """The entries of one system that roll dice."""
    return tuple(r for r in rules(system) if r.dice)


def by_source(system: str, source: Source) -> tuple[Rule, ...]:
    """The entries of one system whose source states them as ``source`` says."""
    return tuple(r for r in rules(system) if r.source is source)


def examples(system: str) -> tuple[str, ...]:
    """The worked examples of one system."""
    return tuple(x for x in EXAMPLES if x.startswith(system + "-EX-"))


def blanks(*rule_ids: str) -> int:
    """How many numbers the source leaves blank in these entries, together."""
    return sum(_BY_ID[i].blanks for i in rule_ids)
