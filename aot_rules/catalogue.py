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

from aot_rules.core.i18n import msg, vocabulary


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
    """One entry: its ID, its title and kind tag as the index gives them, whether it rolls dice, how many of
    its numbers are blank in our copy of the source, and how completely the source states it."""

    rule_id: str
    title: str
    kind: str
    dice: bool
    blanks: int = 0
    source: Source | None = None

    @property
    def system(self) -> str:
        """The rule system's prefix: AOT, AOB, SP or BAT."""
        return self.rule_id.split("-", 1)[0]


RULES: tuple[Rule, ...] = (
    Rule('AOT-EQUIPMENT', 'Materials and scale', 'RULE', False, 0),
    Rule('AOT-VICTORY-ROUT', 'Total victory', 'RULE', False, 0),
    Rule('AOT-VICTORY-POINTS', 'Victory on points (nightfall)', 'RULE', False, 0),
    Rule('AOT-VICTORY-WITHDRAW', 'Organised withdrawal', 'RULE', False, 0),
    Rule('AOT-ARMY-POINTS', 'Points budget and costs', 'RULE', False, 0),
    Rule('AOT-ARMY-UNIT-SIZE', 'Unit size and ranks', 'RULE', False, 0),
    Rule('AOT-ARMY-MIXED-WEAPONS', 'Mixed-weapon units', 'RULE', False, 0),
    Rule('AOT-ARMY-LIST', 'Army list notation', 'RULE', False, 0),
    Rule('AOT-DENSITY', 'Density and standard orders', 'RULE', False, 0),
    Rule('AOT-DENSITY-LIMITS', 'Changing density', 'RULE', False, 0),
    Rule('AOT-WARRIOR-STATES', 'Formed / disordered / removed', 'RULE', False, 0),
    Rule('AOT-PROP-STUBBORN', 'Stubborn (standard bearer)', 'RULE', False, 0),
    Rule('AOT-PROP-REGULAR', 'Regular (musician)', 'DICE', True, 0),
    Rule('AOT-PROP-INITIATIVE', 'Initiative (junior officer)', 'RULE', False, 0),
    Rule('AOT-PROP-BARBARIAN', 'Barbarians (hero figure)', 'RULE', False, 0),
    Rule('AOT-PROP-VETERAN', 'Veterans (commander in the unit)', 'DICE', True, 0),
    Rule('AOT-PROP-ELITE', 'Elite', 'RULE', False, 0),
    Rule('AOT-PROP-RECRUIT', 'Recruits', 'RULE', False, 0),
    Rule('AOT-TERRIFYING', '"Terrifying" (cross-reference)', 'DICE-linked RULE', True, 0),
    Rule('AOT-ARMOUR-PIERCING', 'Armour-piercing (cross-reference)', 'RULE', False, 0),
    Rule('AOT-TWO-HANDED', 'Two-handed weapons (cross-reference)', 'RULE', False, 0),
    Rule('AOT-CMD-SLOTS', 'Slot allocation', 'RULE', False, 0),
    Rule('AOT-CMD-INITIATIVE', 'Initiative roll and slot ranges', 'DICE', True, 0),
    Rule('AOT-CMD-SLOT-ORDER', 'Executing slots', 'RULE', False, 0),
    Rule('AOT-CMD-DIRECT', 'Direct command', 'GEO', False, 0),
    Rule('AOT-CMD-SIGNAL', 'Sound/visual signal', 'DICE+GEO', True, 0),
    Rule('AOT-CMD-BATTLE-LINE', 'Battle line', 'GEO', False, 1),
    Rule('AOT-CMD-MESSENGER', 'Messenger', 'DICE+GEO', True, 0),
    Rule('AOT-CMD-CINC', 'Commander-in-chief', 'RULE', False, 0),
    Rule('AOT-CMD-COLONEL', 'Colonel', 'RULE', False, 0),
    Rule('AOT-CMD-INDIVIDUAL-SLOT', '"Individual unit" slot', 'RULE', False, 0),
    Rule('AOT-CMD-NATIONALITY', 'Nationality limits', 'RULE', False, 0),
    Rule('AOT-CMD-FREE-ACTIONS', 'Things that need no activation', 'RULE', False, 0),
    Rule('AOT-CMD-DOUBLES', 'Initiative doubles', 'DICE', True, 0),
    Rule('AOT-WEATHER', 'Weather table (index)', 'DICE', True, 0),
    Rule('AOT-WEATHER-WIND', '1:1 Wind', 'DICE', True, 0),
    Rule('AOT-WEATHER-SUN', '2:2 Hot sun', 'DICE', True, 0),
    Rule('AOT-WEATHER-MUD', '3:3 Soaked ground', 'RULE', False, 0),
    Rule('AOT-WEATHER-RAIN', '4:4 Downpour', 'RULE', False, 0),
    Rule('AOT-WEATHER-STORM', '5:5 Storm', 'DICE+GEO', True, 0),
    Rule('AOT-WEATHER-NIGHT', '6:6 Nightfall', 'RULE', False, 0),
    Rule('AOT-TERRAIN-BID', 'Bidding for terrain count and roles', 'DICE', True, 0),
    Rule('AOT-TERRAIN-PLACE', 'Terrain elements', 'GEO', False, 0),
    Rule('AOT-CAMP-PLACE', 'Camps', 'GEO', False, 0),
    Rule('AOT-DEPLOY', 'Deployment', 'GEO', False, 0),
    Rule('AOT-MEETING', 'Meeting engagement (optional set-up)', 'DICE+GEO', True, 0),
    Rule('AOT-TURN-SEQUENCE', 'Turn sequence', 'RULE', False, 0),
    Rule('AOT-UNIT-ACTIONS', 'Unit actions per turn', 'RULE', False, 0),
    Rule('AOT-MEASURE', 'Measuring', 'GEO', False, 0),
    Rule('AOT-MOVE-DISTANCE', 'Move distance', 'RULE (formula)', False, 0),
    Rule('AOT-MOVE-PROCEDURE', 'Moving a unit', 'GEO', False, 0),
    Rule('AOT-DISORDER-TEST', 'Disorder test', 'DICE', True, 0),
    Rule('AOT-ROUGH-TERRAIN', 'Rough terrain tests', 'DICE+GEO', True, 0),
    Rule('AOT-TERRAIN-TYPES', 'Terrain effects', 'RULE', False, 0),
    Rule('AOT-MOVE-THROUGH-FRIENDS', 'Passing through a friendly unit', 'DICE+GEO', True, 0),
    Rule('AOT-RUN', 'Infantry run', 'DICE+GEO', True, 1),
    Rule('AOT-TROT', 'Cavalry trot', 'DICE+GEO', True, 0),
    Rule('AOT-PANIC', 'Panicking units', 'DICE+GEO', True, 0),
    Rule('AOT-EVADE-ELIGIBILITY', 'Who may evade whom', 'RULE', False, 0),
    Rule('AOT-EVADE-PROCEDURE', 'Evasion move', 'DICE+GEO', True, 0),
    Rule('AOT-EVADE-FLANK', 'Evading a flank attack', 'DICE+GEO', True, 0),
    Rule('AOT-BREAKTHROUGH', 'Cavalry breakthrough', 'RULE', False, 0),
    Rule('AOT-TURN', 'Turning', 'DICE+GEO', True, 0),
    Rule('AOT-TURN-FLANK-ATTACKED', 'Turning to face a flank/rear attack', 'DICE+GEO', True, 0),
    Rule('AOT-REFORM', 'Reform', 'RULE (action)', False, 0),
    Rule('AOT-REFORM-MERGE-SPLIT', 'Merging and splitting', 'RULE', False, 0),
    Rule('AOT-REFORM-DEFENSIVE-5', 'Density-5 defensive formation', 'RULE', False, 0),
    Rule('AOT-SHOOT-ARC-LOS', 'Arc and line of sight', 'GEO', False, 1),
    Rule('AOT-SHOOT-RANGE', 'Range = number of firers', 'RULE (formula; the input to the dice)', False, 0),
    Rule('AOT-SHOOT-COVER', 'Cover', 'GEO', False, 0),
    Rule('AOT-SHOOT-HIT', 'Shooting hit roll', 'DICE', True, 0),
    Rule('AOT-SHOOT-HANDGUN', 'Handguns', 'DICE', True, 0),
    Rule('AOT-SHOOT-JAVELIN', 'Javelins', 'DICE', True, 0),
    Rule('AOT-SHOOT-SIMULTANEOUS', 'Simultaneous fire', 'RULE', False, 0),
    Rule('AOT-CASUALTY-REMOVAL', 'Removing casualties', 'RULE', False, 0),
    Rule('AOT-SHOOT-SHIELDWALL', 'Shield wall against shooting', 'DICE', True, 0),
    Rule('AOT-SHOOT-PAVISE', 'Pavises', 'DICE', True, 0),
    Rule('AOT-SHOOT-HORSE-ARMOUR', 'Horse armour against shooting', 'DICE', True, 0),
    Rule('AOT-REACT-RETURN-FIRE', 'Return fire', 'RULE', False, 0),
    Rule('AOT-REACT-COUNTERCHARGE', 'Countercharge', 'DICE+GEO', True, 0),
    Rule('AOT-SHOOT-RESULT', 'Result of shooting', 'RULE', False, 0),
    Rule('AOT-SHOOT-FLANK', 'Flank shooting', 'GEO+DICE', True, 0),
    Rule('AOT-MELEE-ENGAGE', 'Who fights', 'RULE', False, 0),
    Rule('AOT-MELEE-STRIKES', 'Striking', 'DICE', True, 0),
    Rule('AOT-MELEE-HIT-SHOOTER', 'Shooters in melee', 'DICE', True, 0),
    Rule('AOT-MELEE-HIT-SPEAR', 'Spear, pike, halberd (shock troops)', 'DICE', True, 0),
    Rule('AOT-MELEE-PIKE', 'Pike extras', 'DICE', True, 0),
    Rule('AOT-MELEE-HALBERD', 'Halberd modes', 'DICE', True, 0),
    Rule('AOT-MELEE-HIT-SPECIALIST', 'Close-combat specialists (sword, axe, short spear)', 'DICE', True, 0),
    Rule('AOT-MELEE-TWO-HANDED', 'Two-handed axe / two-handed sword', 'DICE', True, 0),
    Rule('AOT-MELEE-HIT-LANCE', 'Cavalry lance', 'DICE', True, 0),
    Rule('AOT-MELEE-CAV-OTHER', 'Other cavalry weapons', 'DICE', True, 0),
    Rule('AOT-MELEE-HORSE-STRIKE', 'Horse strike', 'DICE (with a geometric precondition)', True, 0),
    Rule('AOT-MELEE-SHIELDWALL', 'Shield wall in melee', 'DICE', True, 0),
    Rule('AOT-MELEE-ARMOUR', 'Armour', 'DICE', True, 0),
    Rule('AOT-MELEE-HORSE-ARMOUR', 'Horse armour in melee', 'DICE', True, 0),
    Rule('AOT-MELEE-FLANK', 'Flank and rear attack', 'GEO+RULE', False, 1),
    Rule('AOT-MELEE-RESULT', 'Melee result', 'RULE', False, 0),
    Rule('AOT-MELEE-RETREAT', 'Retreat of the loser', 'DICE+GEO', True, 0),
    Rule('AOT-DEMO-EARN', 'Gaining DP', 'RULE', False, 0),
    Rule('AOT-DEMO-TARGETING', 'Where DP may be spent', 'GEO', False, 0),
    Rule('AOT-DEMO-DISORDER', 'DP: disorder warriors', 'RULE', False, 0),
    Rule('AOT-DEMO-RETREAT', 'DP: force a retreat', 'GEO', False, 0),
    Rule('AOT-DEMO-FORCED-ATTACK', 'DP: force an attack', 'GEO', False, 0),
    Rule('AOT-CAMEL', 'Camels', 'RULE', False, 0),
    Rule('AOT-ELEPHANT-UNIT', 'Elephant units', 'RULE', False, 0),
    Rule('AOT-ELEPHANT-MOVE', 'Elephant movement', 'DICE+GEO', True, 0),
    Rule('AOT-ELEPHANT-ATTACK', 'Trampling', 'DICE', True, 0),
    Rule('AOT-ELEPHANT-WOUND', 'Elephant hit test', 'DICE', True, 0),
    Rule('AOT-ELEPHANT-CREW', 'Elephant crew', 'RULE', False, 0),
    Rule('AOT-ELEPHANT-VS-ELEPHANT', 'Elephant against elephant', 'DICE', True, 0),
    Rule('AOT-CHARIOT-BASICS', 'Chariot basics', 'RULE', False, 0),
    Rule('AOT-CHARIOT-COMBAT', 'Chariot combat', 'DICE', True, 0),
    Rule('AOT-CHARIOT-TURN-TROT', 'Overturning', 'DICE', True, 0),
    Rule('AOT-CHARIOT-WOUND', 'Chariot hit test', 'DICE', True, 0),
    Rule('AOT-CHARIOT-FLANK', 'Chariot attacked in flank or rear', 'RULE', False, 0),
    Rule('AOT-CHARIOT-DEMO', 'Demoralizing chariots', 'RULE', False, 0),
    Rule('AOT-CHARIOT-SCYTHED', 'Scythed chariots', 'RULE', False, 0),
    Rule('AOT-CART-SUMERIAN', 'Sumerian battle carts', 'RULE', False, 0),
    Rule('AOT-WAR-WAGON', 'War wagons (e.g. Hussite)', 'RULE+GEO', False, 0),
    Rule('AOT-ART-CLASSES', 'Artillery classes', 'RULE', False, 0),
    Rule('AOT-ART-CREW', 'Artillery crews', 'RULE', False, 0),
    Rule('AOT-ART-SHOOT-LIGHT', 'Light machines and light artillery: shooting', 'DICE', True, 0),
    Rule('AOT-ART-SHOOT-HEAVY', 'Heavy machines and heavy artillery: shooting', 'DICE', True, 0),
    Rule('AOT-CAMP', 'Camp', 'RULE+GEO', False, 0),
    Rule('AOT-STAKES', 'Stakes', 'DICE+GEO', True, 0),
    Rule('AOT-LOST-CONTENT', 'Missing illustrations and examples', 'RULE (source gap)', False, 0),
    Rule('AOB-SCOPE', 'Fragment scope', 'RULE', False, 0, Source.ABSENT_BASE),
    Rule('AOB-SHOOT-REAR-RANKS', 'Shooting from rear ranks', 'RULE+GEO', False, 0, Source.ABSENT_BASE),
    Rule('AOB-SLINGERS', 'Slingers', 'RULE', False, 0, Source.ABSENT_BASE),
    Rule('AOB-SHOOT-MOVE', 'Shooting and movement', 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-SINGLE-FIGURE', 'Lone warriors', 'GEO', False, 0, Source.CLEAR),
    Rule('AOB-DEPLOY-ROLES', 'Attacker and defender', 'DICE', True, 0, Source.CLEAR),
    Rule('AOB-GENERAL', 'General in a regiment', 'DICE', True, 0, Source.ABSENT_BASE),
    Rule('AOB-STANDARD', 'Standard bearer', 'DICE', True, 0, Source.ABSENT_BASE),
    Rule('AOB-MUSICIAN', 'Musician', 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-GLORY', 'Regiment Glory', 'RULE (formula)', False, 0, Source.CLEAR),
    Rule('AOB-CLASH', 'Clash (pre-melee shock)', 'DICE', True, 0, Source.CLEAR),
    Rule('AOB-CLASH-FACTORS', 'Clash factor table', 'RULE (modifier table)', False, 0, Source.CLEAR),
    Rule('AOB-CLASH-RANKS', 'Rank bonuses', 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-CLASH-CASUALTIES', 'Clash casualties', 'DICE', True, 0, Source.CLEAR),
    Rule('AOB-CLASH-TERRAIN', 'Terrain and the clash', 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-CLASH-MULTI', 'Two regiments against one', 'RULE', False, 0, Source.CLEAR),
    Rule('AOB-COVERED-FLANK', 'Covered flank', 'GEO', False, 0, Source.CLEAR),
    Rule('AOB-MELEE', 'Melee under the corrections', 'RULE', False, 0, Source.ABSENT_BASE),
    Rule('AOB-STEADINESS-TRIGGER', 'Who tests steadiness', 'GEO', False, 0, Source.CLEAR),
    Rule('AOB-STEADINESS-TEST', 'Steadiness test procedure', 'DICE (undefined)', True, 0, Source.ABSENT_BASE),
    Rule('AOB-GENERAL-LOSS', 'Loss of a general', 'RULE', False, 0, Source.ABSENT_BASE),
    Rule('AOB-ROUT', 'Flight and rallying', 'GEO+DICE', True, 0, Source.ABSENT_BASE),
    Rule('SP-CORE-ENTITIES', 'Heroes, Men, Groups, Formations', 'RULE', False, 1),
    Rule('SP-BLIND-BASICS', 'Blinds (hidden movement)', 'GEO+RULE', False, 0),
    Rule('SP-BLIND-DEPLOY', 'Leaving a blind', 'RULE', False, 0),
    Rule('SP-BLIND-TERRAIN', 'Concealing terrain', 'RULE', False, 0),
    Rule('SP-BLIND-DUMMY', 'Dummy blinds', 'RULE', False, 0),
    Rule('SP-MOVE-DICE', 'Movement dice', 'DICE+GEO', True, 0),
    Rule('SP-MOVE-FORMATION-TABLE', 'Movement by formation', 'DICE', True, 2),
    Rule('SP-MOVE-HERO', 'Hero movement', 'DICE+GEO', True, 0),
    Rule('SP-MOVE-SHOCK', 'Shock and slowest-Group speed', 'RULE', False, 0),
    Rule('SP-MOVE-CAV-WALK', 'Cavalry starting or stopping', 'RULE', False, 0),
    Rule('SP-MOVE-CAV-GALLOP', 'Galloping Formations', 'RULE', False, 0),
    Rule('SP-MOVE-UNLIMBER', 'Unlimbering guns', 'RULE+GEO', False, 0),
    Rule('SP-MOVE-ANIMALS', 'Pack and draught animals', 'DICE+GEO', True, 0),
    Rule('SP-TERRAIN-ROUGH', 'Rough ground', 'DICE', True, 0),
    Rule('SP-TERRAIN-OBSTACLE', 'Linear obstacles', 'RULE', False, 0),
    Rule('SP-TERRAIN-CAV', 'Cavalry and terrain', 'RULE', False, 0),
    Rule('SP-TERRAIN-MIXED', 'Several terrain types', 'RULE', False, 0),
    Rule('SP-FORMATION-JOIN', 'Forming a Formation', 'RULE', False, 0),
    Rule('SP-FACING', 'Changing facing and formation', 'GEO', False, 0),
    Rule('SP-PASS-THROUGH', 'Passing through friends', 'RULE', False, 0),
    Rule('SP-SPOT-WHO', 'Who can spot', 'RULE', False, 0),
    Rule('SP-SPOT-ROLL', 'Spotting roll and table', 'DICE', True, 10),
    Rule('SP-SPOT-MODIFIERS', 'Spotting modifiers', 'RULE (modifier table)', False, 1),
    Rule('SP-SPOT-AUTO', 'Automatic spotting', 'GEO', False, 0),
    Rule('SP-SHOOT-WHO', 'Who may shoot, and arcs', 'GEO', False, 0),
    Rule('SP-SHOOT-DICE-CLASS', 'Shooting dice by troop quality', 'DICE', True, 0),
    Rule('SP-SHOOT-DICE-ARTILLERY', 'Artillery dice', 'DICE', True, 0),
    Rule('SP-SHOOT-DICE-MODS', 'Shooting dice modifiers', 'DICE', True, 0),
    Rule('SP-SHOOT-HIT', 'To-hit rule', 'DICE', True, 0),
    Rule('SP-SHOOT-HIT-TABLE-LINE', 'To-hit: line troops (and light troops in line)', 'DICE (table)', True, 10),
    Rule('SP-SHOOT-HIT-TABLE-SKIRMISH', 'To-hit: light troops in skirmish order', 'DICE (table)', True, 9),
    Rule('SP-SHOOT-HIT-TABLE-ART', 'To-hit: artillery', 'DICE (table)', True, 15),
    Rule('SP-SHOOT-HITS', 'Effect of each hit', 'DICE', True, 1),
    Rule('SP-SHOOT-FORMATION-ALLOC', 'Spreading hits across a Formation', 'RULE+GEO', False, 0),
    Rule('SP-HERO-HIT', 'Hits on an attached Hero', 'DICE', True, 0),
    Rule('SP-HERO-WOUND', 'Hero wound table', 'DICE', True, 1),
    Rule('SP-HERO-WOUND-EFFECTS', 'Effects of wounds', 'RULE', False, 0),
    Rule('SP-HERO-REPLACE', 'Replacing a Hero', 'DICE', True, 1),
    Rule('SP-SHOCK-INF', 'Infantry with heavy Shock', 'RULE', False, 0),
    Rule('SP-SHOCK-CAV', 'Cavalry with heavy Shock', 'RULE+GEO', False, 0),
    Rule('SP-SHOCK-ROUT', 'Rout', 'RULE', False, 0),
    Rule('SP-SHOCK-ART', 'Gun crews and Shock', 'RULE', False, 0),
    Rule('SP-SHOCK-STOP', 'Stopping a retreat or rout', 'RULE', False, 0),
    Rule('SP-SHOOT-RIDER', 'Mounted targets', 'DICE', True, 2),
    Rule('SP-HERO-RIDER-SKILL', 'Hero horsemanship', 'DICE', True, 0),
    Rule('SP-SHOOT-GUN-CREW', 'Gun crews', 'RULE', False, 0),
    Rule('SP-AMBUSH', 'Ambush', 'RULE+GEO', False, 0),
    Rule('SP-SHARPSHOOTER', 'Sharpshooter', 'DICE', True, 0),
    Rule('SP-RAPID-LOAD', 'Rapid loading of rifles', 'RULE', False, 0),
    Rule('SP-LOADERS', 'Loading for comrades', 'RULE', False, 0),
    Rule('SP-SHOOT-LONE-HERO', 'Lone Heroes as targets', 'RULE', False, 0),
    Rule('SP-HERO-CAPTURE', 'Capturing a Hero', 'DICE', True, 0),
    Rule('SP-HERO-DUEL', 'Duel', 'RULE', False, 0),
    Rule('SP-MELEE-START', 'When melee happens', 'RULE', False, 0),
    Rule('SP-MELEE-ALLOC', 'Pairing fights', 'RULE', False, 0),
    Rule('SP-MELEE-DICE', 'Melee dice pool', 'DICE', True, 0),
    Rule('SP-MELEE-MODS-PCT', 'Melee percentage modifiers', 'DICE', True, 0),
    Rule('SP-MELEE-OVERWHELM', 'Overwhelming odds', 'RULE (deterministic on dice counts)', False, 0),
    Rule('SP-MELEE-ROLL', 'Melee roll', 'DICE', True, 0),
    Rule('SP-MELEE-RESULT', 'Melee results', 'RULE (applied to the dice outcome)', False, 0),
    Rule('BAT-MEASURE', 'Units of measure and definitions', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-BASE', 'Bases', 'RULE+GEO', False, 0, Source.CLEAR),
    Rule('BAT-GENERAL', 'General', 'RULE', False, 0, Source.TERM),
    Rule('BAT-ZONES', 'Front, rear and flank zones', 'GEO', False, 0, Source.READING),
    Rule('BAT-FLANK-REAR-ATTACK', 'Flank and rear attacks', 'GEO', False, 0, Source.READING),
    Rule('BAT-LOS', 'Line of sight', 'GEO', False, 0, Source.READING),
    Rule('BAT-PROFILE', 'Figure profile', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-EQUIPMENT', 'What you need', 'RULE', False, 0, Source.READING),
    Rule('BAT-TERRAIN', 'Terrain types', 'GEO', False, 0, Source.READING),
    Rule('BAT-SETUP', 'Pre-game steps', 'RULE+GEO', False, 0, Source.CLEAR),
    Rule('BAT-TURN-SEQUENCE', 'Turn structure and game end', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-ORDER-PHASE', 'Orders phase', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-INITIATIVE', 'Initiative', 'DICE', True, 0, Source.TERM),
    Rule('BAT-PASS', 'Passing', 'RULE', False, 0, Source.READING),
    Rule('BAT-ACTIVATION', 'Activation and action points', 'DICE', True, 0, Source.READING),
    Rule('BAT-MAGIC-CAST', 'Casting spells', 'RULE', False, 0, Source.READING),
    Rule('BAT-MAGIC-MISCAST', 'Deadly miscast', 'DICE', True, 0, Source.READING),
    Rule('BAT-ATTACK-DECLARE', 'Declaring an attack', 'GEO', False, 0, Source.CLEAR),
    Rule('BAT-SHOOT-RESTRICT', 'Who cannot shoot', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-MELEE-DAMAGE', 'Melee damage', 'DICE', True, 0, Source.READING),
    Rule('BAT-MELEE-MODS', 'Melee modifiers', 'RULE (modifier table)', False, 0, Source.READING),
    Rule('BAT-SHOOT-DAMAGE', 'Ranged damage', 'DICE', True, 0, Source.TERM),
    Rule('BAT-SHOOT-MODS', 'Ranged modifiers', 'RULE (modifier table)', False, 0, Source.READING),
    Rule('BAT-BASE-DESTROYED', 'Destroyed bases', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-MORALE-TRIGGERS', 'When to test morale', 'RULE', False, 0, Source.TERM),
    Rule('BAT-MORALE-TEST', 'Morale test', 'DICE', True, 0, Source.READING),
    Rule('BAT-SKILL-GIANT', 'Giant', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SKILL-FLYING', 'Flying', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SKILL-MAGE', 'Mage', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SKILL-AREA', 'Area fire ("Площадной")', 'GEO+DICE', True, 0, Source.READING),
    Rule('BAT-SKILL-STREAM', 'Stream fire ("Струйный")', 'GEO+DICE', True, 0, Source.READING),
    Rule('BAT-SKILL-GENERAL', 'General (skill)', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SKILL-STEALTH', 'Stealthy', 'RULE', False, 0, Source.MISSING),
    Rule('BAT-SKILL-LEADER', 'Leader', 'RULE', False, 0, Source.MISSING),
    Rule('BAT-SKILL-SCOUT', 'Scout', 'RULE', False, 0, Source.MISSING),
    Rule('BAT-SKILL-COWARD', 'Coward', 'DICE', True, 0, Source.READING),
    Rule('BAT-SKILL-STANDARD', 'Standard Bearer', 'DICE', True, 0, Source.READING),
    Rule('BAT-ORDER-MOVE', 'Move order', 'GEO', False, 0, Source.READING),
    Rule('BAT-ORDER-ATTACK', 'Attack order', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-ORDER-CAST', 'Cast order', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-ORDER-RECON', 'Reconnaissance order', 'RULE', False, 0, Source.MISSING),
    Rule('BAT-ORDER-TRAP', 'Trap order', 'RULE', False, 0, Source.MISSING),
    Rule('BAT-SPELL-FIREBALL', 'Fireball', 'DICE', True, 0, Source.CLEAR),
    Rule('BAT-SPELL-ICE-RAIN', 'Ice Rain', 'GEO+DICE', True, 0, Source.READING),
    Rule('BAT-SPELL-SUMMON', 'Summon Beast', 'DICE', True, 0, Source.READING),
    Rule('BAT-SPELL-OBSTACLE', 'Obstacle', 'GEO', False, 0, Source.READING),
    Rule('BAT-SPELL-DEATH-LAKE', 'Lake of Death', 'GEO+DICE', True, 0, Source.READING),
    Rule('BAT-SPELL-DEATH-CLOUD', 'Cloud of Death', 'GEO', False, 0, Source.READING),
    Rule('BAT-SPELL-TERROR', 'Terror', 'DICE', True, 0, Source.READING),
    Rule('BAT-SPELL-SLOTH', 'Sloth', 'RULE', False, 0, Source.READING),
    Rule('BAT-SPELL-SHIELD', 'Shield', 'RULE', False, 0, Source.CLEAR),
    Rule('BAT-SPELL-TAILWIND', 'Tailwind', 'RULE', False, 0, Source.CLEAR),
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
