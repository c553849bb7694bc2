"""Every Reading the book and the engine adopt, for all four rule systems: the one list the Readings appendix
(``book/readings.md`` and its pages under ``book/readings/``) is generated from.

A *Reading* is a decision about a rule its source leaves open: an equal roll no clause covers, a term never
defined, a number lost from a table.  Most come from the rules index, the project's specification
(:attr:`Origin.INDEX`); the rest are ours, made while building the engine (:attr:`Origin.ENGINEERING`) or
noticed while writing the book (:attr:`Origin.NOTED`), and listed so that a reader can disagree with them.

Each record says what is open, the reading adopted, why (``why``: the source's wording or structure, a worked
example, another rule, or plain playability where the source is silent), and whether the other reading would change
an answer.  It does not say which control toggles it: that is read off the registries when the appendix is
generated (every toggle's :attr:`~aot_rules.core.params.Param.reading` names the rule it switches), so a
toggle is listed exactly when the widgets and the command line offer it.  ``label`` names the book's label of
the text the Reading belongs to when that is not the rule's own (the appendix links back to it, and the
chapter's Reading box links forward to the appendix).  The text is MyST, as the book prints it; nothing reads
it back as data.

``tests/book/test_readings.py`` holds this list to the rules index (every Reading the index records has an entry)
and to the book (every entry links to a label that exists, and the appendix is this list, regenerated).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Origin(StrEnum):
    """Where a Reading comes from."""

    INDEX = "index"
    ENGINEERING = "engineering"
    NOTED = "noted"


class Reading(NamedTuple):
    """One Reading: the rule it belongs to, what is open, what the book adopts and why, and what the other
    reading would change."""

    rule_id: str
    open: str
    adopted: str
    odds: str
    origin: Origin = Origin.INDEX
    label: str = ""
    why: str = ""

    @property
    def system(self) -> str:
        """The rule system's prefix: AOT, AOB, SP or BAT."""
        return self.rule_id.split("-", 1)[0]

    @property
    def target(self) -> str:
        """The book's label the Reading belongs to: its own, or the rule's."""
        return self.label or self.rule_id.lower()


R = Reading
ENG, NOTED = Origin.ENGINEERING, Origin.NOTED

READINGS: tuple[Reading, ...] = (
    R('AOT-DENSITY',
      'Whether a unit may be deployed at density 1 or 5.',
      'No: units deploy at density 2, 3 or 4 only, and reach 1 or 5 during play.',
      'No.',
      why="The seed's section on density lists only closed, open and dispersed order (4, 3 and 2 warriors in the "
          'longest rank) as the orders a unit may start the battle in, and says a unit reaches density 1 through '
          'reforms, losses, disorder or demoralization, and density 5 only by a special order given while reforming.'),
    R('AOT-DENSITY-LIMITS',
      'Whether units that merge may end up larger than a unit is allowed to be (10 foot, 4 riders).',
      'No: the unit-size limits still apply after a merge.',
      'No.',
      why='The army section defines a unit as 1 to 10 foot or 1 to 4 riders on one stand, and the density section, '
          'which allows merging, repeats the largest densities without lifting that definition; a merge that broke '
          'it would make something the rules do not call a unit.'),
    R('AOT-PANIC',
      'How a panicking unit rallies.',
      'An ordinary reform restores one disordered warrior (two for regulars), which gives the unit a density again.',
      'No.',
      label='aot-warrior-states',
      why='The section on panicking units says nothing about rallying, but a panicking unit is simply one whose '
          "warriors have all lost formation, and a reform is the rules' one way of putting disordered warriors back "
          'on the stand.'),
    R('AOT-PANIC',
      'A panicking unit has density 0, so the hit rule "below the density" can never be met.',
      'It cannot be hit by shooting; shooting at it only makes it flee 10″, and earns no DP.',
      'No.',
      label='aot-warrior-states',
      why="Hitting needs a roll below the target's density, and a panicking unit has none; the seed's panic section "
          'names flight of the full 10″ as the only effect of shooting at it and denies the shooter any DP for it.'),
    R('AOT-DISORDER-TEST',
      "A loss could exceed the unit's formed warriors.",
      'The loss is capped at the formed warriors, and the unit then panics.',
      'Not for a unit testing for itself: a failing roll is always below its density, so the cap never applies. It '
      'matters only where the losses fall on another unit (passing through friends).',
      why="The seed's own change-of-lines example says that a roll of 3 would have left the principes panicking, "
          'every warrior out of formation: the loss takes the formed warriors there are, and the unit then panics.'),
    R('AOT-PROP-VETERAN',
      'Veterans succeed on an equal roll when they hit and when they save with shields; the disorder test is not '
      'mentioned.',
      'Veterans get no bonus on the disorder test.',
      'Yes, a veteran unit would fail on one face fewer. No toggle: the widget tests an ordinary unit.',
      label='aot-disorder-test',
      why="The property's text names only the hit roll and the shield-wall save as the rolls on which an equal "
          'result succeeds, and a disorder test is neither; rules that already succeed on equality say so themselves.'),
    R('AOT-PROP-REGULAR',
      'What "the better of two rolls" means, and whether a die that also sets a distance (such as the '
      'countercharge die) may be re-rolled.',
      'A pass beats a fail, and of two fails the lower roll (fewer warriors lost) is better. Dice that also set a '
      'distance may be re-rolled; the kept die sets both.',
      'Yes, for regulars. The widgets on these pages model units without the regular property.',
      label='aot-disorder-test',
      why='The better of two results is read by what the roll decides: a pass loses no warriors, and a failed roll '
          'loses as many warriors as it shows, so the lower fail is better. The run, evasion and countercharge use '
          'one die as both test and distance, so it cannot be re-rolled for one purpose and kept for the other.'),
    R('AOT-ARMY-POINTS',
      'Whether all 20 points must be spent, and the price of an ordinary chariot, a war wagon or a non-gunpowder '
      'engine.',
      'At most 20; each of those costs 1, like an ordinary unit.',
      'No.',
      why='The seed gives each army 20 points to spend, a budget rather than a quota. Its price list charges 1 point '
          'for an ordinary unit, a commander or a marker and names only gunpowder artillery (2) and recruits (half a '
          'point) as exceptions, so a troop it does not price costs what an ordinary unit costs.'),
    R('AOT-PROP-RECRUIT',
      'One point buys two recruit units; what an odd one costs.',
      'A whole point: half a pair cannot be bought.',
      'No.',
      Origin.ENGINEERING,
      why='The properties section sells recruits two to a point, so a lone recruit unit has no price of its own; '
          "charging the whole point keeps every army's total a whole number and never makes an odd recruit cheaper "
          'than the pair it comes from.'),
    R('AOT-ARMY-UNIT-SIZE',
      'How many marker figures of one kind a unit may carry, and which troops may be recruits.',
      'At most one of each kind; a commander may not stand with recruits; only units of warriors can be recruits '
      '(not elephants, chariots, wagons or guns).',
      'No.',
      Origin.ENGINEERING,
      label='aot-army-points',
      why='A second standard bearer or musician would add nothing the first does not give. A commander makes his '
          'unit veteran, and recruits may have no other property, so the two cannot meet; the recruit property '
          'describes warriors, which the beasts, vehicles and machines are not.'),
    R('AOT-ARMY-LIST',
      'A unit that lists no weapon (Scythian archers).',
      'The weapon is implied by the name: bows.',
      'No.',
      why="The troop's name says what it fights with: archers carry bows, and no other reading gives the unit a "
          'weapon at all.'),
    R('AOT-ARMY-LIST',
      'Whether items outside the brackets may be left off.',
      'No: only bracketed items are optional, so a hoplite unit always has its shield.',
      'No.',
      Origin.ENGINEERING,
      why="The seed's notes on the army lists make only the items in brackets the player's choice; everything else "
          'in the line is part of the troop type.'),
    R('AOT-ARMY-MIXED-WEAPONS',
      'Taking an optional second weapon; the +1 point for arming everyone on a unit with one weapon.',
      'An optional weapon taken makes a mixed unit, so both weapons must be present; the +1 option needs two '
      'weapons and replaces the split. The front rank is filled in the order the split is written.',
      'No.',
      Origin.ENGINEERING,
      why='The army section requires both weapons of a mixed unit to be present and offers the +1 point only for '
          'arming everyone with the second weapon, so an optional weapon taken is treated the same way. The source '
          'leaves the front rank to the owner; the written order gives the engine a fixed default.'),
    R('AOT-ARMY-UNIT-SIZE',
      'Whether merged units may exceed the size limits.',
      "No. *(ours, engineering)* A commander, like a marker figure, takes one warrior's place, so markers and "
      'commanders together cannot outnumber the unit.',
      'No.',
      why="The index reads the size limits as part of what a unit is, which a merge cannot undo. The seed's "
          'properties section places each marker figure in the unit instead of an ordinary warrior and calls the '
          "veterans' commander their marker, so a commander fills a warrior's place in the same way."),
    R('AOT-PROP-ELITE',
      "Whether an elite unit's stubborn or regular property reaches neighbours 1″ away; whether its two properties "
      'may be the same.',
      "No aura: the property is the unit's own. *(ours, engineering)* Two different properties.",
      'No.',
      why="The seed's elite property says it extends only to the elite unit itself, unlike the stubborn and regular "
          'properties, which reach neighbours 1″ away; choosing the same property twice would add nothing, so the '
          'two must differ.'),
    R('AOT-PROP-RECRUIT',
      'Whether a commander may stand in a recruit unit, and which troops may be recruits.',
      'No commander, and only ordinary units of warriors may be recruits.',
      'No.',
      Origin.ENGINEERING,
      why='Recruits may be given no other property, and the seed makes any unit with a general or a colonel in it '
          'veteran automatically, so a commander cannot stand in one; the recruit rule speaks of units of warriors '
          'only.'),
    R('AOT-PROP-INITIATIVE',
      "Whether the junior officer's move uses up the unit's allowances, and when in the slot it happens.",
      "It counts as the unit's run or trot (and a shot or reform as its one action); it comes after the enemy's "
      'reactions and before melee.',
      'No.',
      why="The seed lets the officer's unit shoot, reform, or attack by the rules of running, so the attack is its "
          'run or trot and the rest its one action, and it places the move after the enemy has finished all its '
          'actions but before melee.'),
    R('AOT-PROP-BARBARIAN',
      'When the compulsory charge is checked.',
      'When the unit is activated, and again when an enemy ends a move closer than 6″, while it still has its run '
      'or trot.',
      'No.',
      why='The seed ties the compulsion to a unit that has not yet run or trotted this turn and to an enemy closer '
          'than 6″, without saying when to look; checking at activation and whenever an enemy ends a move that close '
          'covers both ways the condition can come true.'),
    R('AOT-PROP-REGULAR',
      'The musician\'s re-roll: what "the better of the two results" is, and whether a die that is also a distance '
      '(a run, a countercharge) may be re-rolled.',
      'A pass beats a fail; of two fails the lower roll, which loses fewer warriors, is kept. A die that is also a '
      'distance may be re-rolled, and the kept die sets both.',
      'Yes, against a single roll: the chance of failing a test is squared, since both dice must fail. The '
      'disorder-test widget has a *regular* toggle; the clause naming the standard bearer instead of the musician '
      'is taken as a slip.',
      why='A failed test loses as many warriors as the die shows, so of two fails the lower one costs less, and a '
          'pass is what the re-roll is for. The dice of the run, evasion and countercharge are one die with two '
          'uses, so re-rolling one use re-rolls the other.'),
    R('AOT-CMD-SIGNAL',
      'Whether a unit exactly as far away as the die shows hears the signal.',
      'Yes: distance ≤ die.',
      'Yes, by one face at every whole-inch distance. Toggle *strictly within the die*.',
      why="The seed's command section says the die gives the distance from the general's stand at which the order "
          'acts, a reach; a unit standing exactly at that distance is reached, as with every other distance in the '
          'game.'),
    R('AOT-CMD-MESSENGER',
      'What a roll equal to the distance does.',
      'It fails.',
      'Yes, by one face at every whole-inch distance. Toggle *a tie gets through*.',
      why='The seed asks for a number greater than the distance to the unit; its failure clause mentions only a '
          'lower roll, but an equal roll does not meet the condition for success.'),
    R('AOT-CMD-BATTLE-LINE',
      'Whether "each next unit 1″ less" adds up along the line.',
      "A flat 1″ less (and one shooter fewer) than the general's unit for every other unit, each within its own "
      'maximum move.',
      'No dice.',
      why='The seed measures both the move and the shooters of every further unit against the unit the general '
          'stands in, not against the unit next to it, and lets the general move less so that the ends of the line '
          'keep up, which keeps each unit within its own move.'),
    R('AOT-CMD-CINC',
      'What "with immediate effect" reaches.',
      'The slots not yet played this turn.',
      'No.',
      why='Slots are played strictly from the highest down and a slot must be finished before the next starts, so a '
          'new allocation can only reach the slots still to come.'),
    R('AOT-CMD-DOUBLES',
      'Who acts after a double.',
      'The players may rewrite their slots, then roll initiative again until the dice differ. '
      '*(noted while writing the book)* '
      "Only each turn's first roll counts towards the weather.",
      'The slot odds are those of unequal dice. Counting re-rolled doubles too would make weather a little more '
      'frequent; no toggle.',
      why='The seed lets the players rewrite their slots after equal dice but names no one to act, and a fresh roll '
          "is the only way to get a winner without inventing a priority. Two doubles in a row are read as two turns' "
          'initiative rolls, so a re-roll made only to break a tie does not start a pair.'),
    R('AOT-CMD-DOUBLES',
      'Which double of a pair picks the weather, and whether a third double in a row counts as a new pair.',
      "The second (triggering) double's face; and yes, every double right after a double triggers.",
      'The second: yes. Toggle *a third double in a row counts again*.',
      why='It is the second double that brings the weather into play, so its face is the roll the weather table is '
          "read with, as the index's example of 3:3 giving soaked ground shows; the seed adds that the weather "
          'changes again when doubles come again.'),
    R('AOT-WEATHER',
      'Whether lasting weather ends when a one-off result arrives.',
      'Yes: only the newest weather applies.',
      'No.',
      why="The seed's sentence on repeated doubles says the weather changes again and only the new weather applies."),
    R('AOT-WEATHER-WIND',
      'How the die maps to the four edges.',
      "1–4 are the four edges (1 your own, 2 the enemy's, 3 left, 4 right); 5 and 6 mean no wind.",
      'Whether the two extra faces mean calm, yes. Toggle *5 and 6 are rolled again*.',
      why='The seed says the die picks one of the four table edges and that the wind is too weak when none comes up, '
          "so two faces must name no edge; the storm's example (1 forward, 2 back, 3 left, 4 right, 5 and 6 no "
          'effect) is the only mapping the source gives.'),
    R('AOT-WEATHER-SUN',
      'Whether horse armour counts as armour.',
      'Body armour only.',
      'Only which units test.',
      why='The result tests units in armour, the phrase the trot rule uses for the riders themselves (riders in '
          'armour on unarmoured horses); horse armour protects the horse, and the heat tires the men who wear the '
          'armour.'),
    R('AOT-WEATHER-RAIN',
      'Whether artillery may shoot.',
      'No: all shooting stops, machines included.',
      'No dice.',
      why='The seed explains the downpour by soaked bowstrings and damp powder and says that shooters fight only in '
          'melee, with no exception for machines, so artillery, gunpowder included, falls silent too.'),
    R('AOT-WEATHER-STORM',
      'The direction table is given as an example; the distance moved; who picks the lost units.',
      'The example is the rule; a full normal move (10″ less the density); the owner picks.',
      'The distance, yes: toggle *lost units move 1 d6″*. Not the number of units that move.',
      why="The storm's direction table is the only one the source gives, and it gives no distance, so the unit makes "
          'the move a unit normally makes; the seed has each player roll for and name his own lost units, so the '
          'owner picks them.'),
    R('AOT-TERRAIN-BID',
      'Tied dice, and a bid that reaches one element.',
      'Ties are rolled again; at one element the receiver must accept and attack.',
      'Ties: yes, an opening of 1 becomes impossible.',
      why='The higher roller opens the bidding, and tied dice name no one, so they are rolled again. The seed ends '
          'the bargaining when the count has fallen to one, so the player then offered the attack has no bid left '
          'and must accept.'),
    R('AOT-TERRAIN-PLACE',
      'Camps are listed among the round elements.',
      'A camp is an 8″ × 8″ footprint that does not count towards the number of elements.',
      'No.',
      why='The seed lists camps among the round elements, but each side places its own camp after the terrain, under '
          'its own rule; counting it towards the number would let a camp use up one of the elements bid for.'),
    R('AOT-MEETING',
      'Tied dice, declining to place, and what "starting from the camp" means.',
      "Ties are rolled again; placing is compulsory; the first move is measured from the camp's edge.",
      'No.',
      why="Ties and a refusal are not covered, and the seed's procedure only ends when no element can be placed any "
          'longer, so each roll must place something; every distance in the game is measured from the nearest edge, '
          'so a move that starts from the camp is measured from its edge.'),
    R('AOT-TURN-SEQUENCE',
      "Where the junior officer's reaction sits in the slot.",
      "After the enemy's reactions (step b) and before melee (step c). *(noted while writing the book)* "
      'A melee carried over from '
      'last turn ends with retreats and DP spending as in steps d and e.',
      'No.',
      why="The seed's junior officer acts after the enemy has finished all its actions and before melee, which is "
          'between steps b and c of the slot; for a fight carried over, steps d and e are the only retreat and DP '
          'steps the turn sequence has.'),
    R('AOT-UNIT-ACTIONS',
      'A unit that ran or trotted and then loses a melee: the run and the retreat share one allowance.',
      "It has no retreat left this turn. The engine's turn tracker can switch to the other reading "
      '(`retreat_after_run=True`).',
      'Not the dice; it decides whether the loser falls back.',
      Origin.NOTED,
      why="The seed's section on running and trotting says a unit may, once per turn, either run or trot or make a "
          'retreat, so a unit that has run has used the allowance a retreat needs.'),
    R('AOT-CMD-SLOT-ORDER',
      'Whether a general may mix ways of giving orders within one slot.',
      'One way per slot.',
      'No.',
      Origin.ENGINEERING,
      why='The seed says the general gives orders within one slot in one of the ways that follow (direct command, '
          'signal, battle line, messenger), and forbids ordering some units, moving, then ordering others.'),
    R('AOT-CMD-INDIVIDUAL-SLOT',
      'Whether a general\'s own unit may be activated on an "individual unit" slot.',
      'Yes, as a plain unit: the general gives no orders from it.',
      'No.',
      Origin.ENGINEERING,
      why='The seed lets an individual-unit slot activate any one unit on the table, whether or not a general or '
          'colonel commands it; a general acts as a commander only through the slots he is written on.'),
    R('AOT-CMD-COLONEL',
      'What "the same armament" means.',
      'The same arm, weapon kinds, missile and protections; how many warriors carry each weapon does not matter.',
      'No.',
      Origin.ENGINEERING,
      why="The army lists describe a unit's arms by its weapons and protection, while the proportions of a mixed "
          "unit are the owner's choice; counting warriors per weapon would make two units of the same list entry "
          'differ in armament.'),
    R('AOT-VICTORY-ROUT',
      'Whether a panicking unit still on the table blocks total victory.',
      'Yes; a unit counts as gone once removed, in its camp or off the table. *(ours, engineering)* A camp looter has '
      'been removed, so it does not block it.',
      'No.',
      why="The seed's total victory needs every enemy unit destroyed or driven into its camp or off the table, and a "
          'panicking unit still on the table is neither. A unit that loots a camp is taken off the table by the camp '
          'rules, so it cannot block.'),
    R('AOT-VICTORY-POINTS',
      'Equal points.',
      "A draw. *(ours, engineering)* The point for an elephant's lost escort is on top of the point for destroying the "
      'unit; only one unit per side can loot a camp.',
      'No.',
      why='The seed awards the win to the player with more victory points and says nothing of equal totals, so '
          'neither wins.'),
    R('AOT-VICTORY-POINTS',
      'A unit that fled off the table appears nowhere in the points list.',
      'It scores nothing for the enemy. A unit that fled off the table (in flight, density 0) is kept apart from one '
      'that marched off in order, which only a withdrawing side can do and which scores nothing either.',
      'No.',
      Origin.NOTED,
      why='The list pays for units destroyed or dispersed and for the camp with the units that fled into it; a unit '
          'that fled off the edge is out of the battle (and counts towards a total victory) but is neither. The '
          "source counts fleeing units as destroyed only in an organised withdrawal, and means the withdrawing side's "
          'panicking units still on the table.'),
    R('AOT-VICTORY-ROUT',
      'Both armies leave the table at the same moment.',
      'The points are counted as at nightfall.',
      'No.',
      Origin.ENGINEERING,
      why='Neither side has driven the other from the field, so neither has a total victory; counting the points '
          'is the ending the rules give a battle that nobody won outright.'),
    R('AOT-VICTORY-WITHDRAW',
      'Whether panicking units inside the captured camp also score their camp point.',
      'Yes, +1 each, counted once. *(ours, engineering)* The camp is worth +2 once; a withdrawal is never a rout; the '
      'withdrawing side keeps its own points and may still win.',
      'No.',
      why='The points rule pays one point for each fled unit inside a captured camp, and the withdrawal rule counts '
          "the withdrawing side's camp as captured, so the two rules together give those points; nothing in either "
          'cancels the other.'),
    R('AOT-TERRAIN-TYPES',
      'Streams are "under 4 cm" wide and rivers "over four inches", which leaves water in between undefined.',
      'Any watercourse up to 4″ wide is a stream: passable, with a test. A wider river is impassable except at a '
      'bridge (no test) or a ford (a test).',
      'No dice; it decides where a unit can cross and whether it tests.',
      why='The two limits are written in different units, which looks like a slip; one threshold of 4″, in inches '
          'like every other measure of the game, leaves no width undefined and keeps the river as written.'),
    R('AOT-TERRAIN-TYPES',
      'Villages are shut to units "in closed order"; closed order is density 4, and density 5 is not among the '
      'standard orders.',
      'Closed order is density 4; we extend it to density 5 (density 4 or more).',
      'No dice; it decides who may enter.',
      why="The seed's section on density names density 4 closed order; a density-5 unit is packed even more tightly, "
          'so whatever bars closed order from a village bars it too.'),
    R('AOT-TERRAIN-TYPES',
      'Hills are listed among the passable obstacles, without saying whether they need a test.',
      'They do, like the other rough ground. (Elephants, which ignore most terrain, come with the special troops.)',
      'Yes: otherwise a hill would cost nothing. No toggle; the rough-ground widget lists hills with the other '
      'terrain.',
      why="The seed's rough-ground section opens by saying that such terrain forces a test and then lists the "
          'passable obstacles, hills among them, without setting any apart.'),
    R('AOT-ROUGH-TERRAIN',
      'How often a unit tests while it stays in rough ground over several turns.',
      'One test for each move that enters the piece or starts or continues inside it; crossing it in one move is '
      'one test.',
      "Yes: each stop inside costs a further test. The widget's **moves in it** slider counts them.",
      why='The seed tests a unit once when it crosses a piece in one move, and when it stops inside, once on '
          'entering and again when it moves on the next turn; one test per move in the piece follows that pattern.'),
    R('AOT-MOVE-PROCEDURE',
      'Any change of facing is called a turn, with a test, yet a wheel made while moving is charged the inches its '
      'outer corner travels.',
      'Two manoeuvres: a wheel is part of the move, paid in inches and with no test; a turn is a change of facing '
      'on the spot, paid with a test and no inches.',
      'Yes: the other reading adds a test to every wheel. No toggle; add a *turn* step to the move calculator to '
      'see its cost.',
      Origin.NOTED,
      why="The seed's movement section charges the inches the moving corner travels when a unit wheels, while its "
          'turning section says a change of facing costs no distance but a test each time; two different prices '
          'describe two different manoeuvres.'),
    R('AOT-MOVE-THROUGH-FRIENDS',
      "The roll is the mover's but the loss the friend's: what if the roll exceeds the friend's formed warriors, "
      "and may the mover's musician re-roll?",
      "The loss is capped at the friend's formed warriors, and a friend left with none panics. The test is the "
      "mover's, so a regular mover may re-roll it.",
      'The cap: no toggle. The re-roll: yes, the **mover regular (re-roll)** toggle.',
      why="The test uses the mover's density, so it is the mover's roll, and the seed's change-of-lines example says "
          'a 3 would have left the principes panicking: the friend loses the formed warriors it has, and panics.'),
    R('AOT-MOVE-THROUGH-FRIENDS',
      'What passing through a friendly elephant costs; the rules give only "a roll below 3".',
      'The mover itself loses the roll, 1 or 2 warriors.',
      "Yes. The widget's **friend is an elephant** toggle applies it.",
      why="The seed's elephant section says that units moving through an elephant lose formation themselves on a "
          'roll below 3; the loss is the roll, as in every disorder test.'),
    R('AOT-RUN',
      'Running is barred to foot with shields *and* armour, while the die is a test for those with shields *or* '
      'armour.',
      'Barred with both; the die is a test with exactly one of them. A pavise counts as a shield.',
      'Yes: read with "or", more units would test. No toggle; the widget and the command line refuse the barred '
      'unit, citing the rule.',
      why='The seed bars foot with shields (or pavises) and body armour from running, and makes the run die a test '
          "for those with shields or armour; read together, the test is for the units that carry only one. The ban's "
          'own sentence names pavises with shields.'),
    R('AOT-PROP-REGULAR',
      'Run, trot, evasion: whether the musician may re-roll a die that is also a distance.',
      'Yes, and the kept die sets both the test and the distance.',
      'Yes: the *regular* toggle on each widget.',
      why='The re-roll replaces a failed test, and in a run, trot or evasion the test die is also the distance, so '
          'the die kept is kept for both.'),
    R('AOT-TROT',
      'Whether the die chosen as the test still counts towards the distance.',
      'Yes: the distance is the sum of both dice, whichever is the test.',
      'Yes, for the distance. Untick **test die counts toward distance** on the trot widget.',
      why="The seed says the dice rolled are the distance, and only then that one of them, at the player's choice, "
          'is also the test; nothing takes the test die out of the sum.'),
    R('AOT-TROT',
      "For armoured riders on unarmoured horses the owner picks the test die; which, and how the musician's "
      're-roll works with two dice.',
      'The die that loses fewest warriors (a pass if either passes, otherwise the lower). A regular unit re-rolls '
      'the chosen die if it fails, and the kept die replaces it in the distance.',
      "The choice is the owner's best, so no toggle; the re-roll has the *regular* toggle.",
      Origin.ENGINEERING,
      why='The seed leaves the choice of test die to the owner, so the engine makes the choice a player would: the '
          'one that costs fewest warriors. A re-rolled die replaces the failed one everywhere it counts, as for the '
          'run.'),
    R('AOT-PANIC',
      'How a panicking unit rallies, and whether it can be hit.',
      'See the Readings of AOT-PANIC under {ref}`AOT-WARRIOR-STATES <reading-aot-warrior-states>` and those of '
      '{ref}`AOT-REFORM <reading-aot-reform>`.',
      'No.',
      why='This entry only points the way: both questions are answered where the book explains the warrior states '
          'and the reform, and the reasons are given with those entries.'),
    R('AOT-EVADE-ELIGIBILITY',
      '"Cavalry may always evade infantry" against "heavier troops may not evade lighter ones"; "heavier" is never '
      'defined.',
      'Cavalry may always evade foot. Otherwise one side is heavier only if its set of protections (shield, '
      "armour, horse armour) strictly contains the other's; sets that differ both ways are incomparable and "
      'neither may evade; equal sets may. A pavise counts as a shield.',
      'No dice: it decides whether a unit may evade at all. The who-may-evade-whom table shows every pair.',
      why="The seed's evasion rules set the cavalry-and-foot rule apart as one that always holds, so it wins over "
          'the general one. Its examples compare units piece by piece, and the Anglo-Saxons (shields) and Norman '
          'archers (armour) may evade neither way, as incomparable sets predict.'),
    R('AOT-EVADE-ELIGIBILITY',
      'The special troops against one another.',
      'Camels evade foot only, never cavalry, camels, elephants or chariots. Chariots evade like cavalry (foot, '
      'elephants and chariots) but never cavalry or camels, camels counting as cavalry here. Elephants and '
      'artillery crews never evade.',
      'No dice.',
      Origin.ENGINEERING,
      why='The seed says camel riders may fall back from foot but not from cavalry, chariots never from cavalry, '
          'elephants from nothing and artillery crews from no troops; chariots otherwise follow the cavalry rule '
          '(cavalry may fall back from elephants and chariots), and where the seed is silent camels keep to the one '
          'case it allows.'),
    R('AOT-EVADE-PROCEDURE',
      'Which way the evading unit goes.',
      'Straight back from the attacker, still facing it.',
      'No dice.',
      why='The seed says the evading unit keeps its front to the enemy, and the flank evasion has it fall back from '
          'the blow still facing the attacker: the only move that does both is straight back.'),
    R('AOT-BREAKTHROUGH',
      'What "routed" means for the unit broken through.',
      'It loses the melee and retreats, or is left panicking. Only the horses strike each unit but the last; '
      'against the last, the riders strike too.',
      'Yes, for the chance of carrying on. The widget uses this reading; its **last unit (riders strike too)** box '
      'sets whether the riders strike.',
      why='The breakthrough rule refers to the usual melee result, whose losing outcomes are a retreat or, with no '
          'formed warriors left, panic; the seed has only the horses strike the units broken through and the riders '
          'too against the last in the chain.'),
    R('AOT-TURN-FLANK-ATTACKED',
      'Whether turning to face a flank or rear attack needs a test.',
      'Yes, as any turn ({ref}`AOT-TURN <aot-turn>`: every change of facing is a test).',
      'Yes: without it the turn would be free. No toggle; the widget shows the test.',
      why='The seed defines a turn as any change of facing and has the unit test each time it turns; the clause on '
          'flank and rear attacks permits the turn without exempting it.'),
    R('AOT-REFORM',
      'A reform may face the unit any way, but turning on the spot is a test trigger.',
      'A facing change made within a reform takes no test.',
      'Yes, it saves a test. No toggle.',
      why='The seed lets a reform face the unit any way as part of the action, while the test is listed for turning '
          "on the spot, a separate manoeuvre; charging a test for the reform's facing would take back what the "
          'reform grants.'),
    R('AOT-REFORM',
      'Who stands in a mixed front rank after a reform.',
      'The owner arranges it; the engine keeps the weapons as they were when the front rank keeps its width, cuts them '
      "from the last weapon group when it narrows, and fights with the unit's main weapon when it widens.",
      'Only for mixed units; set the mix again in a widget. No toggle.',
      Origin.ENGINEERING,
      why='The seed lets the owner arrange the warriors on the stand during a reform and pick which warriors are '
          'removed; the engine cannot guess who steps up, so it keeps the arrangement it knows.'),
    R('AOT-REFORM',
      'How a panicking unit recovers.',
      'By an ordinary reform, which restores one warrior (two for regulars) and so gives it a density again.',
      'No.',
      why='The rules restore disordered warriors only through a reform, and a panicking unit is a unit whose '
          'warriors are all disordered, so one restored warrior gives it a density again.'),
    R('AOT-REFORM-MERGE-SPLIT',
      'What a merged unit keeps when the units had different properties or marker figures.',
      "The first unit's properties and markers; the owner names which unit is first.",
      'No dice.',
      Origin.ENGINEERING,
      why="The source is silent; keeping one unit's properties and markers whole, chosen by the owner, is the "
          'simplest rule to play and never creates a combination neither unit had.'),
    R('AOT-REFORM-MERGE-SPLIT',
      'The split rule ties both halves to the leader who ordered it and calls any other split impossible.',
      "A split needs a leader's order.",
      'No.',
      Origin.ENGINEERING,
      why='The only split the seed describes is one ordered by a leader, which must leave both halves in his direct '
          'command, and the sentence ends by ruling any other split out.'),
    R('AOT-REFORM-DEFENSIVE-5',
      'How long the defensive formation lasts.',
      'Until the unit reforms again, or until it loses a melee: a beaten unit still falls back its normal 10″ − '
      'density, and the retreat breaks the formation. Losses alone do not end it, and it cannot move meanwhile. '
      'Its advantages against cavalry (lances and horses need a 6, the shield wall saves on 1–4) follow from '
      'density 5 itself.',
      'No dice; it decides whether the unit may move.',
      Origin.ENGINEERING,
      why='The seed forbids moving in the formation but not retreating, and a lost melee forces a retreat, so the '
          'retreat must end the formation; the source explains its advantages by the density of 5 itself.'),
    R('AOT-REFORM-DEFENSIVE-5',
      'Density 5 needs a special order in a reform, described as the defensive formation; a unit of nine or ten '
      'formed foot cannot stand at any lower density.',
      'Such a unit, and a reform or merge that chooses density 5, stands at an ordinary density 5 that moves 5″; '
      'only the defensive formation is immobile.',
      'No dice; under the stricter reading every density-5 unit would be unable to move.',
      Origin.NOTED,
      why='Foot stand in at most two ranks, so nine or ten formed foot always have five in the longest rank; the '
          'immobility belongs to the defensive formation the reform section describes, and a density-5 unit '
          'otherwise moves 10 − 5 = 5″.'),
    R('AOT-SHOOT-ARC-LOS',
      'Which side of an angled target "faces" the shooter.',
      'The side nearest the shooter, the one it would see.',
      'No: it decides only whether a shot is allowed.',
      why="The seed draws the sight lines to the corners of the target's side facing the shooter, and the side "
          'nearest the shooter is the one those lines can reach.'),
    R('AOT-SHOOT-ARC-LOS',
      'How far the sight lines may pass through the terrain around a target standing inside a wood, village or camp.',
      'They may enter the piece of terrain that contains the target.',
      'No.',
      why='The seed makes an exception to the clear-line rule for targets entirely inside a wood, village or camp; '
          'unless the lines may enter that piece, the exception could never apply.'),
    R('AOT-SHOOT-RANGE',
      'Fractional distances.',
      'The number of firers is rounded down: a part of an inch does not make room for one more firer.',
      'It changes the number of firers; the range widget accepts any distance.',
      why='The result is a number of warriors, and a part of an inch cannot make room for a whole one; the seed '
          'allows no shooting at all when the result is zero or less.'),
    R('AOT-SHOOT-RANGE',
      'The formula can allow more firers than the shooting unit has.',
      "The firers are capped at the shooter's own formed warriors who carry a missile weapon. This is the index's "
      'reading; the engine applies it wherever it knows the shooting unit (return fire), and the volley widgets '
      'let you enter the firers directly.',
      'Yes, it can only lower the number of firers. No toggle.',
      Origin.ENGINEERING,
      why="The range formula counts the target's warriors, but only the shooter's own warriors can shoot: the seed "
          'lets warriors of any rank fire and bars disordered ones.'),
    R('AOT-SHOOT-RANGE',
      'Whether disordered riders still count double.',
      'Yes.',
      'It changes the number of firers. No toggle.',
      why="The seed counts the target's warriors for range including those out of formation, and counts every rider "
          'as two, with no exception for disordered riders.'),
    R('AOT-CMD-BATTLE-LINE',
      '"One fewer firer than the general\'s unit" could be a flat −1 or a further −1 for each unit along the line.',
      "A flat −1 for every unit other than the general's.",
      'Yes, under the cumulative reading units far along the line would have fewer firers. No toggle; set the '
      'number of firers by hand.',
      label='aot-shoot-range',
      why="The seed names the general's unit as the measure: every further unit shoots with one warrior fewer than "
          "the general's unit, not than its neighbour."),
    R('AOT-SHOOT-COVER',
      'Riders count double for strength; cover replaces strength with density. For a mounted target in cover, does '
      'the density count double?',
      'No: a target in cover counts its density as it stands, not doubled.',
      'Yes, it changes the number of firers. No toggle.',
      Origin.ENGINEERING,
      why="The seed's cover rule counts density instead of the number of warriors, and the doubling of riders is a "
          'rule about that number, so cover sets it aside along with the count.'),
    R('AOT-WEATHER-WIND',
      'Which faces of the wind die name the four table edges.',
      '1 to 4 are the four edges; 5 and 6 mean the wind is too weak.',
      'Only how often wind blows; the downwind hit roll is the same.',
      label='aot-shoot-hit',
      why='The seed says the wind is too weak when the die names no edge, so two faces must name none, and the '
          "storm's example (1 to 4 the four directions, 5 and 6 no effect) is the only mapping it gives."),
    R('AOT-SHOOT-JAVELIN',
      "In the rulebook's melee example, a javelin hit stopped by Gallic shields does not disorder the Gaul.",
      'Armour-piercing javelins disorder saved warriors when they are thrown, that is in shooting; the example is '
      'read as melee, where the property does not apply.',
      'Not for shooting.',
      why="The property stands among the missile weapons' properties in the shooting section, and the melee example, "
          'where Gallic shields stop a javelin with no disorder, shows it does not carry into melee; this reading '
          'keeps both the rule and the example true.'),
    R('AOT-TROT',
      'The sentence allowing a unit to shoot at any point of its extra move names the run only, though it stands '
      'in the section on running and trotting, which treats the two as one allowance.',
      'Horsemen may shoot at any point of a trot as foot may during a run, and a countercharge that reaches them '
      'ends the trot at once.',
      'No dice.',
      Origin.NOTED,
      why='The section treats the run and the trot as one extra action throughout, and its sentence on shooting '
          'holds nothing that fits foot alone; the same sentence ends the run when a countercharge succeeds, and the '
          'trot shares that too.'),
    R('AOT-SHOOT-HANDGUN',
      'The source words the terrifying effect as "one killed, one more disordered", which could mean one extra for '
      'every kill or a single extra per volley.',
      'One more warrior disordered for every warrior killed.',
      'Yes, a single extra would be milder. No toggle.',
      Origin.NOTED,
      why="The seed's shooting section gives one more warrior disordered for each one killed, and its bombard "
          'example does exactly that: three killed, three more disordered.'),
    R('AOT-SHOOT-HANDGUN',
      'Handgunners "cannot use shields while shooting". It is not said whether a handgun unit that shoots in a '
      'slot, including return fire, keeps its shield wall against fire it receives in that slot.',
      'Open. We suggest no shield roll for a handgun unit in any slot in which it shoots.',
      'Yes; in the widgets, simply leave **shield wall** unticked for such a target.',
      Origin.NOTED,
      why='The source is silent. Fire within a slot is simultaneous, so a handgun unit that shoots in the slot is '
          'holding its gun, not its shield, while the fire lands; we only suggest this, since nothing settles it.'),
    R('AOT-SHOOT-SHIELDWALL',
      'The source gives a save on a roll below the density («меньше плотности») and a failure on a roll above it '
      '(«больше плотности»), which leaves an equal roll unaccounted for.',
      'An equal roll fails.',
      'Yes, it saves more often. Toggle **equal roll saves (alt. reading)** on the shield wall widget, and '
      '`--equal-saves` on the command line.',
      why="Saving needs a roll below the density, and the veterans' property singles out an equal roll as their "
          'bonus, which would mean nothing if equality already saved.'),
    R('AOT-SHOOT-SHIELDWALL',
      '"One test per slot": one roll for all the fire a unit receives in the slot, or one per shooting unit?',
      'One roll covers all the fire the unit receives in that slot.',
      'Yes, when two or more units shoot at the same target; separate rolls save more on average. Toggle **one '
      'shield roll per slot** on the simultaneous-fire widget ({ref}`aot-shoot-simultaneous`).',
      why='The seed says the test is made once per slot and that the owner rolls one die for the whole unit.'),
    R('AOT-SHOOT-PAVISE',
      'Whether veterans behind pavises save on a 5, as a veteran shield wall saves on equality.',
      'Yes: veterans behind pavises save on 1 to 5.',
      'Yes. Toggle **veterans save on ≤ 5 behind pavises** on the pavise widget, and `--no-pavise-veteran` on the '
      'command line.',
      why='The seed says pavises always protect as a shield wall at density 5, and a veteran shield wall saves on an '
          'equal roll, so veterans behind pavises save on 5 too.'),
    R('AOT-SHOOT-PAVISE',
      'Shields cannot be used against flank or rear shooting; pavises are not mentioned.',
      'Pavises are treated like shields: no help against flank or rear shooting.',
      'Yes, for flank shots at pavise-armed targets. No toggle.',
      Origin.ENGINEERING,
      why='Pavises protect as a shield wall, and the flank rule bars shields against flank and rear fire; a pavise '
          'stands in front of the unit, so it is no more use against a flank than a shield is.'),
    R('AOT-SHOOT-FLANK',
      'A unit shot in the flank may turn, with a test, to use its shields; when the turn happens and how the '
      'volley is then resolved are not described.',
      "The turn is the target's reaction, made before any dice are rolled. Once turned, the target faces the "
      'shooters and the volley is resolved as a frontal one, the hit roll still using the density at the start of '
      'the slot.',
      'Yes, since the shield wall and the frontal density for the result come back into play. The flank widget '
      'models the shot without a turn; for a turned target, use the full volley calculator without **flank shot**, '
      "after applying the turn's disorder test yourself.",
      Origin.NOTED,
      why='The turn is allowed so that the target can use its shields against this volley, which only works if it '
          'comes before the dice; the simultaneous-fire rule fixes every density at the start of the slot.'),
    R('AOT-REACT-RETURN-FIRE',
      'Whether return fire obeys the usual arc, line-of-sight and range rules.',
      'Yes.',
      'It decides only whether the answer is allowed.',
      why="Return fire is shooting, and the seed's reaction section gives it no exemption from the shooting rules; "
          'it only makes it simultaneous.'),
    R('AOT-REACT-RETURN-FIRE',
      'How an exchange of fire ends when both sides lose warriors.',
      'Both volleys land at once. Each side that lost warriors is then judged by the result rule against the '
      'other: whichever has the lower density after the losses retreats, so the original shooters may be the ones '
      'driven back.',
      'This is how the return-fire widget scores the exchange. No toggle.',
      Origin.ENGINEERING,
      why="The seed's result of shooting compares the shooter's and the target's densities whenever the target lost "
          'warriors; in an exchange each side is a target, so the rule is applied to each.'),
    R('AOT-REACT-COUNTERCHARGE',
      'What happens when the countercharge die falls short of the gap.',
      'The unit moves the distance rolled toward the shooters, which uses its run or trot for the turn, and the '
      'shooting then goes ahead.',
      'No: the chance of arriving is the same.',
      why='The seed makes the die both the test and the distance the countercharging unit moves, and says what '
          'happens only when it reaches; a short roll still moves the unit that far, as the run or trot it is.'),
    R('AOT-REACT-COUNTERCHARGE',
      'The source says a target may "also" countercharge; the index says it does so instead of returning fire.',
      'Instead of: a unit does one or the other.',
      'No.',
      Origin.NOTED,
      why='The seed\'s "also" adds the countercharge to the answers a unit under fire has, and a countercharge that '
          'arrives leads to melee with no shooting first, so a unit cannot both return fire and countercharge.'),
    R('AOT-SHOOT-RESULT',
      'What counts as "losses".',
      'Any warrior killed or disordered by this fire.',
      'Yes: under a killed-only reading, a javelin volley stopped entirely by shields would cause no retreat. No '
      'toggle.',
      why='The seed\'s shooting section removes losses "killed or disordered" (потери) under one rule, so the '
          "result rule's losses are the same set; counting only the dead would give no retreat after a javelin "
          'volley whose every hit the shields turned into disorder.'),
    R('AOT-SHOOT-RESULT',
      "Whether densities are compared before or after the volley's losses.",
      'After the losses are removed.',
      'Yes: comparing before makes retreats rarer. No widget toggle; use `--no-compare-after-losses` on the '
      'command line.',
      why='The shooting result refers to the melee result for the retreat, and there densities are compared only '
          'once all losses are removed; the shooting rule itself begins from the losses ("if the target took '
          'losses"), so it compares the unit they left.'),
    R('AOT-SHOOT-RESULT',
      'The bombard example says its target "flees".',
      'It retreats under the normal result rule.',
      'No.',
      why='The example tells a story, and its word (бежит, "flees") is not a rule: the shooting section has one '
          'result, a retreat as after a lost melee, and flight belongs to panicking units, which the target, with '
          'formed warriors left, is not.'),
    R('AOT-SHOOT-RESULT',
      'A volley may leave the target with no formed warriors, destroyed or panicking.',
      "It counts as beaten (density 0), and the shooters' side earns DP as for a retreat.",
      'Yes for the chance of a retreat and for DP. No toggle.',
      Origin.ENGINEERING,
      why='A unit with no formed warriors has no density, 0, so any shooter is denser under the result rule; the '
          "seed's no-DP rule for panicking targets covers units that were panicking when shot, while this one was "
          'formed at the start of the combat, whose density sets the DP.'),
    R('AOT-DEMO-EARN',
      'For a flank shot, the DP equal "its density", without saying which.',
      "The target's frontal density at the start of the combat, not the flank depth used for the result.",
      'Yes: the depth would usually give fewer DP. No toggle.',
      Origin.ENGINEERING,
      why='The demoralization section pays the density the beaten unit had at the start of the combat, and density '
          'is the longest rank; flank shooting puts the depth in its place only to decide the result.'),
    R('AOT-DEMO-TARGETING',
      'DP may not go to a farther unit while a nearer one has none; "nearer" to what is not said.',
      'Nearer to the place of the combat, and each nearer eligible unit must receive at least 1 DP before a '
      'farther one can be chosen.',
      'No.',
      label='aot-demo-earn',
      why='The same sentence of the demoralization section forbids the unit "farther from the place of the combat" '
          '(от места боя), and sight for the points is traced from that place too; a nearer unit has had points '
          'applied to it once it holds at least 1 DP.'),
    R('AOT-MELEE-ENGAGE',
      'The rules say only that a fight of two units against one is simultaneous, with start-of-slot densities. How '
      "the lone unit's dice, protections and results work is not described.",
      "The lone unit divides its front-rank dice between the two attackers (the owner's choice; the widget aims "
      "half, rounded up, at the first). Each die uses its own target's density and protections. Both attackers "
      'strike the lone unit, whose single shield roll covers all the hits it takes in the slot. The results are '
      'decided pair by pair.',
      'This is how the two-against-one widget ({ref}`melee-two-vs-one`) scores the fight; `--b-on-first` sets '
      'another split of the dice. No toggle for the rest.',
      Origin.ENGINEERING,
      why='The seed says only that the fight is simultaneous, so each general melee rule is applied unchanged: one '
          'die per front-rank warrior, strikes only at units in frontal contact, the shield test once per slot, '
          'results pair by pair. The one choice left, the split of the dice, goes to the owner, as the seed leaves '
          'the spread of losses to each player.'),
    R('AOT-MELEE-RESULT',
      'Each player spreads his losses among his units in frontal contact, so in a fight of two against one the '
      'attacking player may move losses from one attacker to the other.',
      "The two-against-one widget books each attacker's losses where the dice fell, one of the owner's options.",
      'Yes, for which attacker wins its pairing. No toggle.',
      Origin.NOTED,
      why='The melee result section lets each player spread his losses over his units in frontal contact; a widget '
          'cannot ask, so it takes the one option that needs no choice.'),
    R('AOT-ARMY-MIXED-WEAPONS',
      'The extra army point is described as arming all the warriors with the second weapon.',
      'Every warrior then carries both weapons and may use either.',
      'Yes, for such units. The widgets give each side one weapon: choose the one in use.',
      why='The army-composition section requires both weapons to be present in a mixed unit (its legionaries fight '
          'hand to hand and skirmish), so a paid option that swapped the first weapon for the second would break '
          'its own paragraph; the point adds the second weapon to every warrior.'),
    R('AOT-MELEE-PIKE',
      '"One extra strike for the second rank" could be one die in total or one per second-rank warrior.',
      'One extra die in total.',
      'Yes, much: toggle **pike extra per rank (alt. reading)** on the pike widget, and `--pike-extra-per-rank` on '
      'the command line.',
      why='The weapons section grants pikemen one extra strike "for the second rank" (за вторую шеренгу), naming '
          'the rank, not its warriors, and its condition (the second rank no shorter than the first) is about the '
          "rank as a whole; a die per warrior would double a pike block's dice."),
    R('AOT-MELEE-HALBERD',
      'The hit number of a halberd used as an axe is not given.',
      "As a close-combat specialist: above the halberdiers' own density.",
      "Yes: untick **halberd axe hits on > own density** on the halberd widget to use the spear's roll; "
      '`--no-halberd-axe-as-specialist` on the command line.',
      why='Used as an axe the halberd is an axe, and the weapons section lists axes among the close-combat '
          "specialists, who hit above their own density; used as a spear it hits as the shock troops' spear, so "
          'each mode takes the roll of the weapon it imitates.'),
    R('AOT-MELEE-CAV-OTHER',
      'An army list may give horsemen a "spear" without saying whether it is the short spear of the specialists or '
      'the infantry spear of the shock troops.',
      "The short cavalry spear, a specialist's weapon: choose `sword`. The engine refuses `spear`, `pike` and the "
      'halberd for mounted units.',
      'Yes, the hit rule differs. No toggle.',
      Origin.ENGINEERING,
      why="The seed's list of ordinary cavalry weapons names the short spear (короткое копьё), which it elsewhere "
          "lists with swords and axes among the specialists, and never the shock troops' spear; a mounted shock "
          'weapon has its own rule, the cavalry lance.'),
    R('AOT-MELEE-HORSE-STRIKE',
      'Whether the horse strike works against artillery crews, war-wagon crews or elephants.',
      'Only against infantry units, which excludes elephants; the crews are left open.',
      'Not for the widgets, which set cavalry against infantry only.',
      why='The weapons section gives each rider a horse strike "against the enemy\'s infantry" (по пехоте); an '
          'elephant is a kind of unit of its own, not infantry, while the crews of artillery (four civilians) and '
          'of war wagons could be read either way, so we do not guess.'),
    R('AOT-MELEE-HORSE-STRIKE',
      'How many horse strikes a chariot makes.',
      'One per horse.',
      'Yes. No toggle; see {ref}`AOT-CHARIOT-COMBAT <reading-aot-chariot-combat>`.',
      why='The chariot section makes the horses strike by the cavalry rules, where each rider strikes once with '
          "his horse, and it counts a chariot's density in horses; one strike per horse keeps the cavalry's one "
          'horse, one die.'),
    R('AOT-MELEE-HORSE-STRIKE',
      'Whether the horse strike is repeated when a melee goes on into a later turn and the horsemen have not moved.',
      'Open. We suggest the round of contact only, unless infantry charges the horsemen frontally.',
      "Yes. The widgets' **horse strike** box is yours to set.",
      Origin.NOTED,
      why='The weapons section ties the strike to how the unit moved "before the blow" (only in a straight line), '
          'which suggests the impact of a charge rather than every round, but it never says the condition lapses '
          'in a melee that goes on; so we leave it open.'),
    R('AOT-MELEE-SHIELDWALL',
      'The shields save on a roll below the density and fail on a roll above it; the equal roll is in neither clause.',
      'An equal roll fails (veterans save on it).',
      'Yes, it saves more often: toggle **equal roll saves (alt. reading)** on the shield wall widget, and '
      '`--equal-saves` on the command line.',
      why="The veterans' property adds the equal roll to the shield save as a benefit, which only makes sense if "
          'an ordinary unit fails on it; the density-5 defensive formation is likewise said to save "on less than 5".'),
    R('AOT-MELEE-SHIELDWALL',
      'How the shield wall and armour combine on one unit.',
      'Armour first cancels the hits rolled as 6, then the shield die cancels up to its roll of the hits left: in '
      'all, the sixes plus the roll, never more than the hits.',
      'Yes. The alternative spends the shield die first, on any hits including sixes, so some of its saves go to '
      'hits the armour would have stopped. Toggle **armour before shield wall** on the armour widget, '
      '`--no-armour-first` on the command line.',
      why="Armour works on the attacker's hit roll (it stops a 6 as it is rolled), so it is settled while hits are "
          "counted, before the defender's shield test; spending the shield die first could waste saves on hits the "
          'armour stops anyway.'),
    R('AOT-MELEE-SHIELDWALL',
      '"Once per slot" when two enemy units strike the same unit.',
      'One shield roll covers all the hits the unit receives in the slot.',
      'Yes: a roll against each attacker would save more. No toggle.',
      Origin.ENGINEERING,
      why="The seed's protection section makes the shield test once per slot for the unit (один раз за слот), not "
          'once per attacker, and a fight of two against one is a single simultaneous fight.'),
    R('AOT-MELEE-SHIELDWALL',
      'Whether a unit shot at in step (a) and fought in step (c) of the same slot rolls its shield wall once or '
      'twice.',
      'Twice: once against the volley and once in the melee.',
      'Yes: a single roll for both would save less. No toggle.',
      Origin.NOTED,
      why='The seed states the shield wall twice, under protection from shooting and under protection in '
          'hand-to-hand combat, each "once per slot" within its own section; one roll for both would let the '
          "volley's roll decide the melee as well."),
    R('AOT-ARMOUR-PIERCING',
      'Two-handed axes and swords, and scythed chariots, are called armour-piercing without a list of the '
      'protections they beat.',
      'The shield wall and armour.',
      'Yes, against armour. No toggle.',
      why='The seed spells out the protections for two armour-piercing weapons, the halberd used as an axe and the '
          "cavalry lance, and both are shields and armour; the javelin's shorter list (shields only) is the same "
          'rule, since armour saves only against a 6 and a javelin never hits on one.'),
    R('AOT-ARMOUR-PIERCING',
      'How one shield die is shared out when a unit takes both ordinary and armour-piercing hits.',
      "Ordinary hits are saved first, the owner's best choice.",
      'Only for such mixed hits. No toggle.',
      Origin.ENGINEERING,
      why='A piercing hit that the shields stop still disorders the warrior, while a stopped ordinary hit costs '
          'nothing, so any owner saves the ordinary hits first; the seed leaves the choice of which warriors to '
          'lose to the owner.'),
    R('AOT-MELEE-FLANK',
      "Whether hit numbers that read the enemy's density (shooters, lances, horse strikes) use a flanked unit's "
      'depth.',
      'No: the depth decides only the result; hit rolls use the frontal density. (Flank shooting differs only for '
      "a 1+1 unit, which it hits against its depth of 2: the index's corrected entry.)",
      'Yes, for those weapons: toggle **flank hits use depth (alt. reading)** on the flank widget, '
      '`--flank-hits-use-depth` on the command line. Swords and spears read their own density and are unaffected.',
      why='The flank section puts depth in place of density only "when comparing densities" and decides the result '
          'on it; flank shooting, the case the seed spells out, rolls to hit against the larger density (по '
          'большей плотности) and decides the result on the depth, and melee is read the same way.'),
    R('AOT-TERRIFYING',
      'The effect is defined only for handguns.',
      'For every terrifying troop: one more warrior disordered for each warrior killed, against the troop types it '
      'terrifies.',
      "Yes. No toggle; the widgets' **terrifying** box applies this reading.",
      why='The seed calls barbarians, camels, elephants, scythed chariots and gunpowder terrifying (устрашающие) '
          'but defines the word only for handguns; its bombard example applies that same effect to a cannon (three '
          'killed, three more disordered), so the handgun effect is what the word means.'),
    R('AOT-PROP-VETERAN',
      'Whether rules already written as "at or below" (artillery, elephants) improve further.',
      'No.',
      'Not for melee.',
      why='The veterans\' property adds equality to a strict "below" or "above" (its own example turns "below the '
          'density" into "at or below"); a rule that already takes the equal roll has nothing for it to add.'),
    R('AOT-STAKES',
      "How the attacker's stakes test combines with the melee that follows, given that hit numbers use "
      'start-of-slot densities.',
      'The test comes first; the melee is fought with what is left (the remaining formed warriors, at the density '
      "after the test). If the attackers lose, the defenders' DP use that density after the test. Argued in full "
      'under {ref}`readings-stakes`.',
      "Yes, for DP and for hit rolls that read the attacker's density. No toggle.",
      Origin.ENGINEERING,
      why="The seed places the stakes test explicitly before the melee, as the attacker's own test on its way into "
          "contact; the start-of-slot densities exist to keep the slot's separate fights independent of the order "
          'in which they are resolved, and the test is not another fight.'),
    R('AOT-MELEE-RESULT',
      'A melee may leave the loser with no formed warriors, destroyed or panicking.',
      "It counts as beaten (density 0), and the winner's side earns DP equal to its density at the start of the "
      'combat.',
      'Yes, for DP. No toggle.',
      Origin.ENGINEERING,
      why='The result rule compares densities after the losses, and a unit with no formed warriors has none, so it '
          'is below any enemy; the DP are measured at the start of the combat, when it was formed, and the no-DP '
          'rule for panicking units covers units attacked while already panicking.'),
    R('AOT-DEMO-EARN',
      'For a melee that lasts several turns, "the density at the start of the combat" could be the density at '
      'first contact.',
      'The density at the start of the round being fought.',
      'Yes, it can give fewer DP. No toggle.',
      Origin.NOTED,
      why='Each round of a melee is fought again with the densities of its own slot (a drawn melee "continues next '
          'turn"), so the combat that produced the result is that round; first contact may lie turns back and no '
          'longer describe the unit that lost.'),
    R('AOT-DEMO-EARN',
      'A unit that loses to two attackers at once.',
      "It retreats once, and the winners' side earns its density once.",
      'No widget computes DP for two against one.',
      Origin.NOTED,
      why='The demoralization section pays the winning player by the density of the unit that retreated; one unit '
          'makes one retreat, so the player is paid once, however many of his units beat it.'),
    R('AOT-MELEE-RETREAT',
      'Which density sets the retreat move.',
      'The density after the turn test, the one the unit has when it starts to move.',
      'Yes, for the distance. The retreat widget uses this reading; no toggle.',
      why='The seed has the loser turn its back with a disorder test first and then make its full move, and a move '
          "is 10″ less the unit's density, which is the density after the test when it sets off."),
    R('AOT-MELEE-RETREAT',
      'Whether turning back to face the enemy after the retreat needs a test.',
      'Yes: turning back to face the enemy takes a disorder test.',
      'Yes, it can cost warriors. No toggle.',
      why='The turning section calls any change of facing a turn and tests each one; the retreat rule lets the '
          "unit turn back without exempting it, and the seed's forced retreat by DP reminds players to test such "
          'turns.'),
    R('AOT-EX-GAULS-JAVELINMEN',
      'Javelins are armour-piercing against the shield wall, yet in the example a Gaul saved from a javelin is not '
      'disordered. The text also calls the DP "morale points".',
      'Armour-piercing applies to thrown javelins, that is to shooting; javelinmen in melee fight as ordinary '
      'shooters. The "morale points" are DP.',
      'Yes, against shields in melee. No widget toggle; `--a-javelins --javelins-pierce-in-melee` (or the B '
      'equivalents) on the command line. In the example itself the result would be the same.',
      why='The seed states the armour-piercing property in the shooting section, for thrown javelins, and its '
          'worked example has a Gaul saved by his shield in melee and not disordered, which only this reading '
          'matches. The example\'s "morale points" (очки морали) are spent exactly as DP are.'),
    R('AOT-DEMO-TARGETING',
      'DP may not go to a farther unit while a nearer one has none; "nearer" to what is not said.',
      'Nearer to the place of the combat, and each nearer eligible unit must receive at least 1 DP before a '
      'farther one can be chosen. (Also listed under shooting.)',
      'No.',
      why='The same sentence of the demoralization section forbids the unit "farther from the place of the combat" '
          '(от места боя), and sight for the points is traced from that place too; a nearer unit has had points '
          'applied to it once it holds at least 1 DP.'),
    R('AOT-DEMO-TARGETING',
      'What happens to points that cannot be spent.',
      'They are lost at the end of step (e).',
      'No.',
      Origin.NOTED,
      why="The seed has the points spent in the slot's step (e) and never speaks of keeping them; a store carried "
          'into later slots would let them land far from, and long after, the fight that earned them, against the '
          'rule that they go to units in sight of it.'),
    R('AOT-DEMO-FORCED-ATTACK',
      'Whether the forced attack may use a run or trot.',
      'It may, if the unit still has its run or trot this turn.',
      'No.',
      why='The seed sets no limit on how the forced unit attacks, and a run or trot is an extra move a unit may '
          'make once a turn; that once-a-turn limit still holds, so a unit that has already run or trotted attacks '
          'at its normal move.'),
    R('AOT-DEMO-FORCED-ATTACK',
      'Whether a panicking unit, with density 0, can be forced to attack for nothing.',
      'No: it can only flee. The engine refuses.',
      'No.',
      Origin.ENGINEERING,
      why='A panicking unit has no formed warriors to strike with, and the seed never lets it fight: attacked, it '
          'simply flees; a forced attack priced at its density, 0, would buy a free move.'),
    R('AOT-DEMO-FORCED-ATTACK',
      "DP are spent after the slot's melee, so when the fight started by a forced attack is resolved is not said.",
      'Open. We suggest step (c) of the next slot played this turn, or step 2 of the next turn.',
      'No.',
      Origin.NOTED,
      why='Melee is fought in step (c), before the points are spent in step (e), and the seed gives no second '
          'melee step in a slot; it does not say when such a fight is fought, so we only suggest the next melee '
          'step the turn offers.'),
    R('AOT-DEMO-EARN',
      'A loser that cannot retreat, because it has already retreated, run or trotted this turn: the points are '
      'measured by "the retreating unit".',
      "It still counts as beaten, and the winner's side earns DP equal to its density at the start of the fight; "
      'it simply stays where it is (in melee, still in contact).',
      'Yes, for DP: the other reading pays nothing. No toggle.',
      Origin.NOTED,
      why="The slot's retreat step itself moves a beaten unit only if it has not yet retreated this turn, so the "
          'limit governs the move, not the result: the unit still lost, and paying nothing would reward it for '
          'having run or retreated already.'),
    R('AOT-DEMO-RETREAT',
      'Whether a retreat forced by DP counts against the once-a-turn retreat.',
      'Yes. A unit that has retreated, run or trotted this turn, '
      'including the unit just beaten, cannot be forced back; it may still be disordered or forced to attack. The '
      "engine's turn ledger refuses the second retreat.",
      'No dice; it limits what the points can buy.',
      Origin.NOTED,
      why="The seed's running section allows each unit one run, trot or retreat (отступление) a turn, and the "
          "retreat bought with DP carries the same name; the slot's retreat step likewise moves only units that "
          'have not yet retreated.'),
    R('AOT-PROP-STUBBORN',
      'The property doubles the price of disordering a stubborn warrior; forced retreats and attacks are priced by '
      'density, and the rules do not say whether they cost more.',
      "They do not: a forced retreat or attack costs the unit's density, stubborn or not.",
      'Yes, for what the points can buy. No toggle; the DP calculator uses this reading.',
      Origin.NOTED,
      why='The stubborn property prices only disordering (2 DP for each stubborn warrior), while a forced retreat '
          "or attack is priced by the unit's density, not by its warriors; doubling those would stretch a property "
          'the seed words narrowly.'),
    R('AOT-PROP-STUBBORN',
      "Whether a standard's 1″ aura makes a neighbouring recruit unit stubborn, although recruits may have no "
      'property.',
      'No.',
      'Yes, for the cost of disordering such recruits. No toggle; the DP calculator refuses a unit that is both.',
      why='The seed says recruits may be given no other property, and an aura that reached them would give them '
          'one; the property rules make no exception for auras.'),
    R('AOT-ELEPHANT-UNIT',
      "The elephant's own density is never given, though hit numbers and results need it; nor is it said what hits "
      'on the elephant do to the warriors riding it.',
      'Its density is the number of warriors aboard, the driver included, so 1 to 4. The driver does not strike; '
      'the rest of the crew strike with their weapon at that density. Hits scored on the elephant go to its hit '
      'test, and the crew dies with the animal. *(ours, engineering)* Hits never pick crewmen off one at a time.',
      'Yes, much: a different density would change every hit roll against the elephant and every result. No '
      'toggle; the elephant-charge widget uses this reading.',
      why='The elephant section sets the crew\'s density "for effectiveness" at the number of warriors aboard and '
          "makes elephant and crew one unit, with the driver counted in the crew's limit of four; the strikes "
          'belong to the crew, and every hit on the elephant calls for its hit test, which decides the whole unit.'),
    R('AOT-ELEPHANT-WOUND',
      'Whether the hit test is taken when the enemy scored no hit; which "nearest unit" a berserk elephant must '
      'attack; what a berserk elephant does in a melee still being fought.',
      'No test on 0 hits. The nearest unit of either side. *(ours, engineering)* In a melee the nearest unit is the '
      'one it is touching: it stays in the fight this slot, and the result is compared as usual.',
      'Yes: a test at 0 hits could send an unhurt elephant berserk. **Toggle:** *test even with 0 hits (alt. '
      'reading)* on the hit-test widget, `--test-without-hits` on the command line.',
      why='The seed calls for the test each time the enemy hits the elephant, so no hit, no test; the berserk '
          'elephant must attack "any nearest unit" (любой ближайший отряд), which names no side, and in a melee '
          'nothing is nearer than the unit it touches.'),
    R('AOT-ELEPHANT-ATTACK',
      'Whether the warriors trampled may outnumber the target; what trampling does to a chariot.',
      "Kills are capped at the target's strength. *(ours, engineering)* Trampling hits on a chariot count as hits for "
      'its hit test.',
      'The cap, no: a trampling die kills only when it is at most the density, and a unit never has fewer warriors '
      'than its density. Against a chariot, yes. No toggle.',
      why='A unit cannot lose more warriors than it has; and a chariot takes its hit test each time the enemy hits '
          "it, with no exception for an elephant's trampling."),
    R('AOT-ELEPHANT-MOVE',
      'A unit passing through a friendly elephant is disordered on a roll below 3, but the loss is not given.',
      'The mover loses as many warriors as the roll: 1 or 2.',
      'Yes. No toggle for another loss; the *friend is an elephant* box of the passing-through widget '
      '({ref}`aot-move-through-friends`) applies this reading.',
      why='The seed names the mover as the one disordered (сами, "themselves"), unlike the ordinary pass-through, '
          'and every failed disorder test in the seed costs as many warriors as the die shows.'),
    R('AOT-ELEPHANT-VS-ELEPHANT',
      'Equal dice when two elephants fight.',
      'Both roll again until one is higher.',
      'Yes: otherwise a tie leaves both standing. **Toggle:** *re-roll ties* on the duel widget, '
      '`--no-reroll-ties` on the command line.',
      why="The seed's duel has the higher roll kill the other elephant and gives no other outcome, so the rule "
          'needs a winner; it is silent on ties, and rolling again is the simplest way to get one.'),
    R('AOT-CHARIOT-COMBAT',
      "How many horse dice a chariot rolls, and the hit rule of the crew's one die.",
      "One horse die per horse. The crew's die uses the crew's weapon, with the chariot's density (its horses) as "
      'its own density.',
      'Yes. No toggle.',
      why='The chariot section makes the horses strike by the cavalry rules (one strike each), adds one crew '
          'strike without a hit rule of its own, and counts the chariot\'s density "for shooting and combat" in '
          "horses; so the crew's own weapon rule is applied at that density."),
    R('AOT-CHARIOT-DEMO',
      'What "demoralized" means for a chariot; how a chariot counts for the range of enemy shooters.',
      'It panics, and recovers by itself after as many turns as it has horses. *(ours, engineering)* Its horses count '
      'double, so it counts as twice its horses for range.',
      'The range, yes: it sets the number of firers. No toggle.',
      why="The seed speaks of the chariot's flight and of turns to recover, which fits a panicking unit that "
          'rallies with time rather than by a reform; for range it counts horses as mounted warriors, twice each, '
          "which is the seed's figure for a fleeing chariot."),
    R('AOT-WAR-WAGON',
      'The wagon\'s density "as for an ordinary infantry unit"; which of the chariot\'s movement rules it uses; '
      'who counts as a close-combat specialist allowed to attack it.',
      "The density is the crew's longest rank. It moves 10″ less its density, plus a trot of two dice, and never "
      'overturns. Its attackers: swords, axes and short spears, two-handed weapons, a halberd used as an axe, and '
      'shooters.',
      "Yes, the density sets the crew's hit rolls and results. No toggle.",
      why='The density "as for an ordinary infantry unit" can only be the seed\'s general definition, the longest '
          'rank; the seed, which lists how the wagon is lost (its crew beaten in melee), never has it overturn. '
          'The attackers are the weapons the seed calls close-combat specialists, the halberd in axe mode read as '
          'one, and shooters.'),
    R('AOT-ART-CLASSES',
      "A heavy machine's range is given as one die, which contradicts its two-dice shooting procedure.",
      'The two-dice procedure governs.',
      'Yes. No toggle.',
      why='The artillery section spells out the heavy shot step by step (two dice, their sum against the distance, '
          'one die for the effect) and works the bombard example through it; the one-die range is a passing remark.'),
    R('AOT-ART-SHOOT-LIGHT',
      'How many dice a light machine rolls; what the target\'s "first base" is; whether a target exactly at the '
      'range is reached.',
      "One die per machine. The range is the number of formed warriors on the target's base, and a target at that "
      'distance or closer is in range.',
      'Yes. No toggle.',
      why='The seed speaks of one die ("the number on the die") and gives a heavy machine two dice for one shot; '
          'disordered warriors stand behind the base, so the warriors on it are the formed ones; and a range is a '
          'reach, so a target at that distance is in it.'),
    R('AOT-ART-SHOOT-LIGHT',
      "The rules hit on a die at or below the target's density; the bombard example says the same 3 would have "
      'missed a density-3 target, which needs "below".',
      'At or below the density.',
      'Yes: "below" takes one face off every effect die, so a density-1 target can never be hit. **Toggle:** '
      '*strict: hit on < (example)* on both gun widgets, `--strict` on the command line. The artillery chapter '
      'compares the two readings after the bombard example ({ref}`aot-ex-bombard`).',
      why='The seed writes "at or below" twice, for light and for heavy machines, while the bombard example\'s '
          'remark is an aside in a story that also calls a retreat a flight; the stated rule is preferred to the '
          'example.'),
    R('AOT-CAMP',
      "The camp's size, and whether it counts as one of the terrain elements.",
      'A footprint of at most 8″ × 8″, not counted among the elements. The guard counts as in a wood; an enemy '
      'entering tests as for rough ground; a sacked camp is removed, its looters too, without counting as '
      'destroyed; the camp is worth 2 VP. *(ours, engineering)* Only one unit can loot a camp; an elephant tests on '
      'entering an enemy camp like any other unit.',
      'No.',
      why='The seed lists camps among the round elements (8″ × 8″) but has each player place his camp after the '
          'agreed number of elements; the guard, entry test, sacking and 2 VP follow the camp and victory rules. '
          'Our additions follow from the same rules: a sacked camp is removed with its first looter, leaving '
          "nothing for a second, and the entry test is the camp's own rule for any enemy unit, not an obstacle an "
          'elephant ignores.'),
    R('AOT-STAKES',
      'The stakes rule names only cavalry and infantry: what stakes do to an elephant or a chariot.',
      'Open; agree it before the battle ({ref}`camps-stakes`). The engine lets an elephant cross stakes without a '
      'test.',
      'Yes, for a chariot or an elephant charging a unit behind stakes. No toggle.',
      Origin.NOTED,
      why='The stakes section names cavalry attacking a unit behind stakes and infantry crossing them, and neither '
          "word covers an elephant or a chariot; the engine's choice follows the elephant section, under which it "
          'ignores every obstacle but marsh.'),
    R('AOT-ELEPHANT-UNIT',
      'The source says that an elephant can only be demoralized when the nearest beaten unit was also an elephant: '
      'points won against any other unit have no effect on it. The index leaves this sentence out.',
      'We follow the source: demoralization points can be spent on an elephant only when the nearest beaten unit '
      'was an elephant.',
      'No dice; it limits where the points can go. The DP calculator does not check it: apply it at the table.',
      Origin.NOTED,
      why='The elephant section says so outright; we list it only because the index leaves the sentence out.'),
    # --- Reading boxes of the chapters that the tables above did not list ------------------------------------
    R('AOT-CMD-SLOTS',
      'The rules send colonels through "individual unit" slots but never say outright that a colonel\'s own name '
      'may not be written on a slot.',
      'It may not: colonels never appear on slots, and the army validator refuses a slot that names one.',
      'No dice.', NOTED,
      why='The command section lets a slot hold a general or "individual unit" (отдельный отряд) and nothing else, '
          'and its example has an "individual unit" slot activate any unit or one of the colonels.'),
    R('AOT-ARMY-LIST',
      'Army lists name weapons the rules do not tell apart: the sword, the axe and the short spear are all '
      'close-combat specialists, and a halberd is used as a spear or as an axe.',
      'An army file may write any of these words, and the engine reads them as the rules\' weapons: an axe or a '
      'short spear is a sword, and a halberd starts each melee in spear mode until its mode is declared. The army '
      'report then names the rules\' weapon ("sword").',
      'No: the words the rules do not distinguish fight alike.', ENG,
      why='The weapons section gives swords, axes and short spears one hit rule as close-combat specialists, and '
          'the halberd two declared modes; only these distinctions change a roll. Spear mode is where a halberd '
          'starts because the engine needs a mode before any is declared, and the seed names that use first.'),
    R('AOT-MOVE-DISTANCE',
      'The move is given as one number; only for runs and trots is a unit allowed to go less than it rolled.',
      'Every move distance is a maximum: a unit may stop anywhere short of it, and the engine refuses only a move '
      'that is too long.',
      'No dice.', ENG,
      why="The seed's movement section gives a unit's move distance without saying all of it must be used, and "
          'already stops a unit short on contact; the explicit leave for runs and trots answers the doubt a rolled '
          'distance raises, and a forced full move would make halting in line or in cover impossible.'),
    R('AOT-TERRIFYING',
      'Camels are called terrifying, but the effect is defined for handguns only.',
      'As for every terrifying troop: each horseman the camels kill disorders one more of the same unit; foot, '
      'elephants, chariots and other camels feel nothing extra.',
      'Yes, for cavalry fighting camels. No toggle: the rules offer no other effect.',
      label='aot-camel',
      why='The camel section calls camels terrifying "toward cavalry" (по отношению к коннице), and the only '
          "effect the seed defines for the word is the handgun's one more disordered per kill; so that effect, "
          'against cavalry.'),
    R('AOT-CHARIOT-BASICS',
      "A chariot's count for the range of enemy shooters is given only while it flees (twice its horses).",
      'Its horses count double at all times, so fleeing does not change the count.',
      'Yes: counting each horse once while it fights would halve the figure and cut the enemy firers. No toggle.',
      ENG,
      why='The shooting section counts every mounted warrior twice for range, and a chariot is counted by its '
          "horses; the seed's figure for a fleeing chariot, twice its horses, is that same rule, and nothing says "
          'the count changes when it flees.'),
    R('AOB-CLASH',
      'The sheet only ever says «кубик», "the die", and never which one.',
      'A d20, as under the clash. Every Age of Battles widget also offers the other dice.',
      'Yes, entirely.',
      label='aob-scope',
      why="Defences run up to 10 (the sheet's slingers' section speaks of shields raising Defence against shooting "
      'to 10) and Glory is capped at 20, numbers that would leave most targets off a six-sided die; the base game '
      'is also described outside the sheet as played with a twenty-sided die.'),
    R('BAT-INITIATIVE',
      'The initiative roll adds «КН», an abbreviation no profile value has.',
      "The general's Quality (Кч).",
      'It changes the bonus, which the initiative widget takes as a number.',
      label='bat-general',
      why="The initiative section adds «КН» to the general's die, but the profile of section 2 has only Кч, Ск, Бб, "
      "Бд, Рс and Зщ; Quality is the one value that starts with the same letter, and a general's training and will "
      'to fight is a fair measure of how fast his army acts.'),
    # --- the table-top engine's decisions (book/tabletop.md) -----------------------------------------------
    R('AOT-SHOOT-ARC-LOS',
      'What blocks a sight line on a real table: the hill a unit stands on, a unit inside a wood, a hedge near the '
      'target.',
      "A unit's own hill does not block its view, nor does the hill under the target block the lines to it; a unit "
      'wholly inside a wood or village sees out as it is seen; a camp blocks sight like a wood; a hedge within 1″ '
      'of the target gives cover instead of blocking.',
      'Only whether a shot is allowed; the table-top engine decides it, no widget.',
      ENG,
      why="The seed's shooting section gives sight in words only (its diagram is missing), and read literally a line "
          'that starts on a hill crosses that hill, so a unit on a hill, which the seed lets see over the units '
          "below it, could see nothing at all. The rest follows the seed's own exceptions: a target wholly inside a "
          "wood, village or camp may be shot at, so it may shoot back; a camp's guard counts as standing in a wood; "
          'and a low hedge by the target is the cover (укрытие) the range rules name, not a wall.'),
    R('AOT-SHOOT-ARC-LOS',
      'Whether a target is in the frontal arc when only part of its base is.',
      "Yes: any real part of its base within 45° of the front corners' lines is enough, not only its centre.",
      'Only whether a shot is allowed.',
      ENG,
      why='The seed bounds the sector only as 45° either side of the front of the base and never names a point of '
          'the target to measure to; players judge it by eye, and a base that visibly reaches into the sector looks '
          'in it.'),
    R('AOT-MOVE-PROCEDURE',
      'Where a wheel pivots, what it costs, and how a run or trot checks its path.',
      'A wheel pivots on the inner front corner and costs the arc the outer corner travels; a run or trot first '
      'checks the whole declared path, then goes as far along it as its die allows. One rough-ground test is taken '
      'for each piece of ground the move enters or starts in.',
      'No dice change; the table-top engine measures it.',
      ENG,
      why='The movement section charges every inch the moving corner travels when the unit turns, which on a wheel '
          "is the outer corner's arc, so the inner corner is the one that stays put. A run or trot may stop short of "
          'its die, so going as far along a path checked in advance is always allowed, and a move refused before any '
          "die is rolled leaves the table unchanged; the rough-ground tests follow the index's reading, one test for "
          'each move into or within a piece.'),
    R('AOT-TURN',
      "Turning in place about the middle of the base changes the base's edge distances a little, yet the rule "
      'keeps the distance to the enemy.',
      'A turn pivots about the middle of the base, may not bring it onto another base or into new contact, and is '
      'refused where it brings the unit more than 0.01″ nearer to or farther from an enemy within 10″.',
      'No dice change.',
      ENG,
      why='The turning section speaks of turning in place (разворот на месте), forbids a turn that other bases '
          'obstruct, and wants the distance to the enemy the same afterwards, yet a 1.6 × 3.2″ base turned about its '
          'middle moves its edges by up to about an inch. The engine allows only its 0.01″ contact slack, less than '
          'a ruler shows, and checks it only within 10″, the longest move, where the distance can decide a charge or '
          'a shot.'),
    R('AOT-MELEE-RETREAT',
      'Which way a retreat, an evasion or a flight goes on the table, and which way the unit faces afterwards.',
      'A retreat goes straight away from the enemies in contact (diagonally after a flank attack) and ends with '
      "its back to the enemy unless its owner turns it back to face the enemy it fell back from (when the turned "
      'base fits), a turn that takes its own test; the engine asks the owner and logs the answer either way, and '
      'a game without players turns. An evasion goes straight away from the attacker and ends facing it; a '
      'panicking unit shot at or attacked flees straight away, and only the flight a lost combat sets off goes '
      'toward its camp. A base that leaves the table has fled; one an enemy blocks is dispersed.',
      'No dice change.',
      ENG,
      why='The seed sends a loser straight back from the blow (diagonally, away from both, after a flank attack), '
          "keeps an evading unit's front to the enemy, and sends panicking units toward their camp only when a "
          'friend loses and retreats, so every other flight simply goes away; a retreat an enemy blocks is dispersed '
          "in the seed's own words, and the victory rule counts units driven off the field as fled. The seed says the "
          'unit may turn back to face the enemy, so the turn is a choice and not a step of the retreat; taken, it '
          'is tested as the index reads it (a second turn).'),
    R('AOT-VICTORY-POINTS',
      'The source ends a battle on points only when a 6:6 brings the night.',
      "Night also falls after a scenario's last turn: 12 unless the scenario says otherwise, and 16 in the three "
      'built-in scenarios.',
      'It decides how often a game ends on points; the scenarios choose it.',
      ENG,
      why="The seed's only nightfall is the 6:6 weather result, which needs a 6:6 straight after another double, "
          'so rare that most games would never end; the engine therefore ends the day after a set '
          'turn. The built-in scenarios take 16 because their armies start 18 to 24″ apart and march for several '
          'turns before they meet.'),
    R('AOT-WEATHER-WIND',
      'Which edge the wind die names on a real table.',
      "The die is read from the seat of the side listed first (1 its own edge, 2 the enemy's, 3 its left, 4 its "
      'right; 5 and 6 too weak to matter), and the table names the edge by compass.',
      'No: the same faces as the weather widget.',
      ENG,
      why="The seed says only that the die picks one of the four table edges, or none; the storm's example gives the "
          'one face mapping the source offers (1 forward, 2 back, 3 left, 4 right, 5 and 6 no effect), and reading '
          'it from one seat keeps the two weather results alike, while the compass name tells both players the same '
          'edge.'),
    R('AOT-SHOOT-RANGE',
      'How a measured distance becomes a number of firers, and what several units shooting at one target see.',
      'The edge-to-edge distance is taken to four decimal places as an exact number before the rounding down. '
      'All the volleys of one slot at a unit see it as it stood before the first of them hurt it '
      '(AOT-SHOOT-SIMULTANEOUS): its strength then sets the number of firers and its density then the hit number, '
      'while the losses land on what is left of it; anything else it lost earlier in the slot, in a melee for '
      'instance, is not given back.',
      'It can change the number of firers by one; the range widget takes any distance.',
      ENG,
      why="Firers are the target's strength less the distance, and a distance just short of a whole inch could round "
          'the wrong way in floating point, so it is made exact first, at the 0.0001″ the table keeps positions to. '
          "The seed's simultaneous-fire rule takes the strength and density at the start of the slot for every "
          'shooter so that one volley does not weaken the next, and it speaks of shooting only, so a melee loss '
          'earlier in the slot stays lost.'),
    R('AOT-MELEE-FLANK',
      'The rules treat a rear attack like a flank attack, so a record of the game need not tell them apart.',
      'The table-top engine reports "rear" when the attacker is also wholly behind the line of the target\'s back '
      'edge; the flank rules apply either way.',
      'No: the same rules are applied.', ENG,
      why='The seed treats a flank and a rear attack alike (no shield wall against either, depth for the result), so '
          'telling them apart changes no rule; the log names the rear so that a reader sees where the blow came '
          'from, and "wholly behind" mirrors the seed\'s own flank test, wholly beyond the line of the front.'),
    R('AOT-MELEE-ENGAGE',
      'Which contacts on a real table make one fight of two against one, and which are fought apart.',
      'Two units fight one together only when both touch its front and nothing else; every other contact is fought '
      'pair by pair from the units as they stood at the start of the fight. A unit beaten by several retreats '
      'once, away from the first winner; a unit that has run or trotted this turn cannot retreat and fights on.',
      'Which melees are fought together; the melee widgets take the fight as given.',
      ENG,
      why='The seed makes every unit fight every enemy in contact at once, with densities from the start of the '
          'slot, and compares each unit with each of its opponents separately; its only joint fight is the two '
          "against one in front. The seed's run-and-trot section gives a unit one run, trot or retreat a turn, so a "
          'loser retreats once, and one that has run or trotted has no retreat left.'),
    R('AOT-DEMO-TARGETING',
      'Where "nearer" is measured from on the table, and what the engine spends demoralization points on.',
      'From where the beaten unit stood; points go nearest first to units that can still lose order, and what no '
      'unit can take is lost. Before any warrior is disordered the winner may buy one forced retreat or one forced '
      "attack (AOT-DEMO-RETREAT, AOT-DEMO-FORCED-ATTACK), costing the unit's density, on the nearest unit the "
      'points can pay for once every nearer eligible unit has had one point. A forced retreat goes a full move '
      "straight away from the winner's nearest unit; a forced attack is a plain move (a wheel to face the winner's "
      'nearest unit, then an advance into contact), offered only when one move reaches, without the unit\'s own '
      'action and never with a run or trot; its melee is fought at the next melee step. The scripted player forces '
      'a retreat only when it would disperse the unit, and never an attack.',
      'No dice change.',
      ENG,
      why='The seed measures "nearer" from the place of the combat, which is where the beaten unit stood, prices a '
          "forced retreat or attack at the unit's density, and sends a forced attacker at its nearest enemy; points "
          'on a unit that cannot lose order would buy nothing. The engine keeps the forced attack to a plain move, '
          "unlike the index's reading that allows a run, so that one path decides it; the scripted player never buys "
          'one because in trial games of the Greek border scenario it made fewer games decisive: disordered '
          'warriors, not extra melees, break units.'),
    R('AOT-CMD-SLOT-ORDER',
      "How a general's slot runs on the table: when his own unit counts as used, how often a signal is rolled, "
      'what a failed order fixes.',
      "A general's own unit counts as having acted once it is activated; a signal is rolled once per slot; a "
      'failed signal or messenger still fixes how that general gives orders in the slot. After a double, slots are '
      'rewritten first and the dice rolled again afterwards.',
      'No: the command widgets give the same odds.',
      ENG,
      why="The seed lets a general's unit act once a turn however many slots he holds, and lets a later slot order "
          'only units that have not yet acted, so activation is what uses his unit; he gives orders in one of the '
          'listed ways within a slot, so the way chosen stands even when its die fails. After a double the slots are '
          'rewritten before the re-roll, as the index reads it, so that no player rewrites knowing the new dice.'),
    R('AOT-WEATHER-WIND',
      'When a shooter on the table counts as shooting with the wind.',
      'When the wind blows and the shooter faces within 45° of the way it blows, the same wedge as the frontal '
      'arc.',
      'Only which units get the wind\'s bonus; the hit widgets take it as a flag.', ENG,
      why="The seed gives the bonus to shooters with their backs to the wind's edge (по ветру, downwind), which on a "
          'table is a matter of degree; the same 45° either side that bounds the shooting sector gives the players '
          'one angle to judge by eye.'),
    R('AOT-DEMO-TARGETING',
      'Whether the units fighting at the spot of a combat hide the units behind them from it, when points are '
      'spent on units in sight.',
      'No: a winner standing in front of the loser does not block the sight of the units behind it.',
      'Only which units may receive points.', ENG,
      why="The seed traces the points' sight from the place of the combat (от места боя), which the fighting units "
          "themselves stand on, and the points come from that fight; letting the winner's own base screen the "
          "loser's friends would make a victory shelter the enemy."),
    R('AOT-WEATHER-STORM',
      'How the lost units move on a real table, and which of them the owner may name.',
      'Units fighting in contact are not lost. Each player is offered his other units, those farthest from the '
      'enemy first, and names them until the die\'s count is reached. A lost unit slides straight forward, back, '
      'left or right of its facing, without turning, for its full move, testing each rough piece it enters; it '
      'stops short of the table\'s edge, impassable ground, another base or contact with an enemy.',
      'No dice change; the table-top engine moves them.',
      ENG, label='tabletop-game',
      why='The index reads the storm as a full normal move with the usual terrain tests and lets the owner choose '
          "his lost units, and the seed's example sends a unit forward, back, left or right by the shortest way (по "
          'кратчайшему расстоянию), so it slides without turning. Units locked in melee are fighting, not lost in '
          'the rain, and the seed never suggests that weather alone can destroy a unit, so the move stops short of '
          'edges and bases; the farthest units are offered first because a lost unit does least harm away from the '
          'enemy.'),
    R('AOT-CAMP',
      'When a unit on the table has entered the enemy camp, what happens to the camp once sacked, and how a '
      'guarded camp is attacked.',
      'A unit whose move carries its base onto the enemy camp enters it; if no unit of the camp\'s side stands in '
      'it, the camp is sacked after the entry test: the camp leaves the table (it no longer blocks sight or gives '
      'cover) and the unit with it, as looting, not destroyed. Once a camp is sacked the units that fled into it '
      'count for the enemy, and a panicking unit of that side flees toward its own table edge. While a unit of the '
      'camp\'s side stands in it, an enemy may come into the camp only on a move that ends in contact with that '
      'guard: it takes the entry test on the way and the melee is fought as any other; a move that would only walk '
      'in is refused. Once the guard is gone, a unit already inside sacks the camp with its next move.',
      'It adds camp points to a game\'s result; no widget.',
      ENG, label='tabletop-game',
      why="The seed's camp section has an entering enemy take the rough-ground test and removes an unguarded camp "
          'and its looters once entered, so entry is the base reaching the camp and the test comes first. The '
          'victory rule counts units that fled into a camp only once it is captured, and a sacked camp shelters no '
          "one, so that side's panicking units make for their own edge instead. A guarded camp \"is attacked with "
          'an ordinary melee\" and is captured only once the guard is destroyed or driven out, so the attacker '
          'must be able to reach the guard inside it, and nothing else brings it in.'),
    R('AOT-PROP-INITIATIVE',
      'What a junior officer\'s counter-attack is on the table.',
      'A run or trot whose declared path ends in contact with an enemy; the die may leave it short. The officer\'s '
      'act, whichever of shooting, counter-attacking or reforming, spends both the unit\'s action and its run or '
      'trot.',
      'No dice change.',
      ENG, label='tabletop-game',
      why="The seed lets a junior officer's unit strike back once the enemy has finished: shooters shoot and the "
          'rest attack by the running rules (по правилам бега), so the counter-attack is a run or trot into contact. '
          "The index reads the act as using the unit's allowances; spending both for any act is the simpler rule to "
          "keep, and no unit gains an extra act on the enemy's time."),
    R('AOT-CMD-NATIONALITY',
      'Which units of an army count as another nationality on the table.',
      'A unit drawn from an allied contingent of its army list keeps that contingent\'s nationality, so the '
      'army\'s own generals cannot order it by direct command, signal or messenger; an individual-unit slot can.',
      'No dice change.',
      ENG, label='tabletop-game',
      why='The seed forbids generals and colonels to order units of another nationality and sends players to the '
          "allies' own commanders or to the individual-unit slot; its army lists speak of allied contingents "
          '(союзные контингенты) with their own general, the one place the source marks another nationality.'),
    R('AOT-CMD-SLOT-ORDER',
      'How the scripted player, which the table-top engine plays both sides with, chooses.',
      'It charges when its exact chance of winning the melee is at least half its chance of losing it, evades when '
      'standing is worse than even, countercharges when it is better, and always returns fire. A unit with no '
      'charge or shot runs down a panicking enemy within its move, marches on an unguarded enemy camp when the '
      'camp is nearer than any enemy (or, in the last four turns, whenever its side is not ahead on points), '
      'otherwise closes on the nearest enemy, trying the next enemy or a sidestep when a friend bars the way, and '
      'reforms, facing the enemy, when nothing else is left; a panicking unit rallies by reforming once it has '
      'fled or when no enemy is near. After a retreat it turns back to face the enemy unless the test could cost '
      'warriors while no enemy can reach the unit\'s flank or rear in its next slot and the unit will reform '
      'next, a reform facing any way without a test. It asks the rules before every action, so it never proposes '
      'one they refuse. It gives its orders the one way that reaches '
      'most of its useful units (battle line, direct command, a signal, or one messenger when a single rider is '
      'worth as much as a signal); after a double it moves its busiest owners onto the slots likeliest to come up, '
      'before the re-roll; its junior officers shoot, or counter-attack when the odds are good, once the enemy has '
      'finished.',
      'None: a player\'s choices, not a rule.',
      ENG, label='tabletop-game',
      why='None of this is a rule: a scripted player needs some policy, and these are plain ones a careful player '
          'might follow. It charges at worse than even odds because a general who never fights gains no points by '
          'nightfall, and of the ways of giving orders, which a slot fixes to one, it takes the one that moves most '
          'useful units. Running down panicking units and taking an empty camp risk nothing and are how the '
          'victory rule pays (a unit dispersed, a camp sacked and the units that fled into it); a unit that merely '
          'waited behind a friend, or facing the wrong way, or in panic, never decided a game.'),
    R('AOT-SHOOT-SHIELDWALL',
      'Whether the shield wall is rolled for every volley and every melee pair, or once a slot.',
      'Once a slot: a unit rolls its shield die the first time it is hit in a slot, and over the whole slot that '
      'roll turns away at most as many hits as it shows; later volleys or melee pairs meet what is left of it. '
      'Fire and melee keep their own rolls; the melee of turn step 2, outside any slot, counts as one slot.',
      'Only on the table, where one unit meets several volleys or pairs in a slot; the widgets take one exchange.',
      ENG, label='tabletop-game',
      why='The seed tests the shield wall once per slot (один раз за слот) with one die for the whole unit, under '
          'shooting and again under melee, so one roll covers every volley or every melee pair the unit meets in a '
          'slot; the melee of turn step 2 comes before any slot, so it is counted as a slot of its own.'),
    R('AOT-CMD-BATTLE-LINE',
      'How much shorter the battle line\'s move is, and how many firers it loses, on the table.',
      'Every unit ordered into the general\'s line in a slot, apart from his own, may move 1″ less than his unit '
      'and never more than its own allowance, and shoots with one firer fewer; the limits are flat, not one more '
      'inch for each step along the line.',
      'One firer fewer in a line\'s volleys; the shooting widgets take the firers as a number.',
      ENG, label='tabletop-game',
      why="The seed measures each unit's shorter move and fewer firers against the unit the general stands in, which "
          'the index reads as one flat step down, not a step more along the line; a unit never moves farther than it '
          'could alone, so its own allowance still caps it.'),
    R('AOT-TURN-FLANK-ATTACKED',
      'Where a unit that turns to face a flank attack ends on the table.',
      'Before the blows, a unit touched only on its flank or rear may turn toward the first unit touching it, taking '
      'the turn test; a mounted unit that turns this way loses its horse strike for the rest of the turn. Its front '
      'is set against the attacker\'s nearest side at the free spot nearest to where it stood, no more than a base\'s '
      'width away; with no such spot it fights flanked. Elephants have no flank; chariots turn only under their own '
      'rule.',
      'No dice change beyond the turn test.',
      ENG, label='tabletop-game',
      why='The seed lets a unit attacked in flank or rear, and not in front, turn however its player likes provided '
          'it makes frontal contact with the attacker, and takes the horse strike from cavalry that turn so; the '
          "index adds the turn test. The nearest free spot against the attacker's nearest side is the smallest move "
          'that meets the contact rule; the seed gives elephants no flank, and chariots turn under their own rule.'),
    R('AOT-ELEPHANT-MOVE',
      'How an elephant\'s trot goes, and where a berserk elephant goes on the table.',
      'One die gives both the inches and the test, as for armoured horses. On a 1 or 2 the elephant goes berserk: it '
      'drops its declared path and goes its 7″ at the nearest unit of either army, wheeling to face it and then '
      'straight on, stopping in contact with an enemy (the melee follows) or just short of a friend.',
      'No dice change.',
      ENG, label='tabletop-game',
      why='The seed lets an elephant trot under the rule for horses in barding, where one die is both the distance '
          'and the test, and calls it berserk below 3; a berserk elephant must attack the nearest unit of either '
          'side at once, and an elephant always moves 7″. The engine fights no melee between friends, so one that '
          'charges a friend stops just short of it.'),
    R('AOT-PROP-STUBBORN',
      'Whether a unit may carry two marker figures of one kind, such as two standard bearers.',
      'At most one of each kind. The army validator refuses a second.',
      'No dice.', ENG,
      why='In the seed a marked property comes from one figure standing in the unit and holds while that figure is '
          'on the base; a second figure of the same kind would cost a point and add nothing, so the validator treats '
          'it as a mistake.'),
    # --- Age of Battles ----------------------------------------------------------------------------------------
    R('AOB-SHOOT-REAR-RANKS',
      'The "always −1" for shooting could reach first-rank shots too.',
      'Only shots from the second to fourth ranks take it.',
      'Yes, for first-rank shots. No toggle: the corrections page states the rule.',
      why="The sheet's section is headed shooting from the rear ranks: it newly lets archers and javelin men shoot "
      'from any rank up to the fourth, and the −1 is the price of that leave; a front-rank shot needs no leave, so '
      'it keeps the base rules.'),
    R('AOB-DEPLOY-ROLES',
      'Equal rolls when the sides roll for attacker and defender.',
      'Roll again until they differ.',
      'No: a re-rolled tie leaves each side an even chance.',
      why="The sheet's deployment section needs one attacker and one defender and says nothing of equal rolls; "
      'rolling again keeps the choice an even chance for each side without inventing a tiebreak the source never '
      'mentions.'),
    R('AOB-GENERAL',
      'A regiment may hold both its general and a standard bearer, each giving a re-roll of a failed test.',
      'One re-roll per test at most.',
      'Yes, for such a regiment.',
      why='The sheet gives the general and the standard bearer the very same effect, a second test when the first '
      'fails, and says nothing of a regiment holding both; two routes to one second chance do not add up to a third '
      'roll.'),
    R('AOB-GLORY',
      "What a regiment's Glory is for, and whether it can fall below zero.",
      'Most likely it feeds the steadiness target, which the fragment never states; it never goes below 0.',
      'Only through the steadiness target, which is an input of its own.',
      why="The sheet's Glory section ties Glory to how the front rank inspires the regiment and moves it only with "
      'flight (−3 after fleeing, +1 for putting an enemy to flight), which points at the steadiness test; the sheet '
      'caps Glory at 20 but gives no floor, and a negative Glory would mean nothing.'),
    R('AOB-CLASH',
      'The fragment names no die (only «кубик», "a die"), nor which way a success goes, whose Defence counts or '
      'what "at least double" compares.',
      'A d20. A clash succeeds on a roll at or under the target; the defender\'s Defence counts; "at least double" '
      'compares men killed.',
      'Yes, entirely. The die, the direction and the measure doubled are all choices of the clash widgets and the '
      'command line.',
      why='Defences up to 10 and a Glory cap of 20 only make sense on a d20, and the base game is described outside '
      'the fragment as played with one. Every factor is added to the target, so only a roll at or under it lets '
      "bonuses help; the sheet subtracts the enemy's Defence; and the men killed are the one count both sides "
      "produce, the sheet's worked example turning a roll of 3 into one man lost."),
    R('AOB-CLASH-FACTORS',
      'Who takes the flank and rear penalties; what "wider frontage, per side" and "accelerated movement" mean.',
      'The regiment attacked in flank or rear takes them; +1 for each side on which its frontage overlaps the '
      "enemy's; a regiment that moved at the accelerated rate this turn.",
      'They change the target, which the widgets take as a number.',
      why='The sheet lists the factors without saying who takes them: a penalty for a blow into the flank or rear '
      'falls naturally on the regiment struck, "from each side" reads as a count of overlapping sides, and the '
      'clash looks at how a regiment came into contact this turn.'),
    R('AOB-CLASH-RANKS',
      'How many ranks give "+2 per rank", and what a "complete" rank is.',
      'All four ranks count (+8), and a rank is complete when it is as wide as the first.',
      'They change the target, which the widgets take as a number.',
      why="The sheet's ranks section gives a pike regiment with four full ranks +2 for each rank, so each of the "
      'four counts; a rank short of even one warrior gives nothing, so "full" is measured against the first rank, '
      'the width the regiment sets.'),
    R('AOB-CLASH-MULTI',
      'The order of the two clashes when two regiments attack one.',
      'The attacking player chooses.',
      'Only the order; each clash keeps its own odds.',
      why='The sheet says only that one clash is rolled, then the other; the player who brought both regiments into '
      "contact is the natural one to order them, and the order changes neither clash's odds."),
    R('AOB-MELEE',
      '"More than half" of which count of men decides the melee.',
      'Of the front rank as it stood when the melee began.',
      'It changes when a melee ends; no widget plays the melee.',
      why="The sheet's melee section speaks of losing more than half the warriors of the first rank; counting from "
      'the rank as the melee began gives one fixed number both players can see, not a count that changes blow by '
      'blow.'),
    R('AOB-STEADINESS-TEST',
      'The fragment never describes the steadiness test.',
      'A roll at or under a threshold the player sets (it could be Glory or fighting spirit against the game die), '
      'left open for the base rulebook.',
      'The threshold is an input of its own, marked ✎.',
      why='The sheet only refers to the test, whose procedure is in the base rulebook we lack; a threshold the '
      'player sets lets the re-rolls and the triggers be played without guessing the missing roll.'),
    # --- the skirmish fragment ----------------------------------------------------------------------------------
    R('SP-BLIND-DEPLOY',
      'Troops leaving a blind "add the Initiative", which is never explained.',
      "They fire as if on that Hero's Initiative: one more die per Status point.",
      'It changes the dice rolled, which the shooting widgets take as a number.',
      why='Section 5.1.3 has troops leaving a blind to shoot add the Initiative of their most senior Hero, and the '
      "one way Initiative enters shooting in section 7.2.1 is the modifier for firing on a Hero's Initiative, one "
      'extra die for each point of his Status.'),
    R('SP-BLIND-DUMMY',
      'How many dummy blinds a side may place.',
      'The scenario sets it, as it sets the blinds themselves.',
      'No dice.',
      why='Section 5.1.6 says only that a player may be given several dummies to deceive the enemy; the scenario, '
      'which already decides the blinds and their orders, is the natural place to fix how many.'),
    R('SP-MOVE-FORMATION-TABLE',
      'Two cells of the movement table are blank in our copy.',
      'No bonus: a plain d6 for each die.',
      'Yes, for those formations; and whether the extra die of a gallop gets the bonus is a toggle.',
      why='The line and the walk are the slow paces the other rows build on (column +1 a die, trot +3, gallop an '
      'extra die and +3), and a blank cell is also what a table shows when there is no bonus to print, so these '
      'cells may not be lost at all.'),
    R('SP-MOVE-SHOCK',
      '"−1″ per Shock" could cut the move once or every die.',
      'Once, from the total, and never below 0.',
      'Yes. Toggle: Shock cuts every die.',
      why="Section 5.2.3 takes 1″ off the Group's movement for each Shock point, speaking of the move as a whole; "
      'where the fragment means a cut for every die, as for rough ground in 5.3.1, it says so. A move cannot be '
      'negative.'),
    R('SP-MOVE-UNLIMBER',
      'What loading a gun costs.',
      'The base rules, which we do not have, set it; each pair of crew lost adds one Action Die.',
      'No dice here.',
      why='Section 5.2.6 only says an unlimbered gun must be loaded before it fires; the one loading cost the '
      'fragment gives is the crew rule of 7.7, an extra Action Die for every two gunners killed, so the basic cost '
      'is left to the sections we lack.'),
    R('SP-MOVE-ANIMALS',
      'The modifiers for ridden pack and draught animals give no base.',
      'They count from ordinary cavalry moving at the same pace.',
      'Yes. Toggle: counted from cavalry.',
      why='Section 5.2.7 gives ridden animals only a change, 1″ a die less at walk and 1″ a die more at gallop, and '
      'walk and gallop are cavalry paces with rows of their own in the movement table: cavalry at the same pace is '
      'the one base those words name.'),
    R('SP-PASS-THROUGH',
      'Which formation is disordered when one passes through another.',
      'The one passed through.',
      'No dice.',
      why="Section 5.7's remedy is that a Formation opens its ranks in advance, for 1 Action Die, to let friends "
      'through; opening ranks only helps the Formation being passed through, so the disorder it avoids must be that '
      "Formation's."),
    R('SP-SPOT-ROLL',
      'Ten of the twelve cells of the spotting table are blank, the meaning of "difficulty" is not given, and 9″ '
      'stands in two bands.',
      'A spot succeeds when the roll reaches the number needed; difficulty adds to that number; the bands are up '
      'to 9″, over 9″ to 27″, and over 27″.',
      'The blank numbers are inputs of their own, marked ✎; extra observation dice are a toggle.',
      why='Section 6.0.3 adds +1 to the roll for each extra die spent, so a higher roll is better and success is '
      'reaching the number; the modifier list raises or lowers the difficulty, which moves the number needed. The '
      'headings read 0–9″, 9–27″ and 27″+, and 9″ goes to the nearer band, as automatic spotting (6.1.1) counts a '
      'blind within 9″.'),
    R('SP-SPOT-AUTO',
      'The 6″ rule of automatic spotting is unclear.',
      'A hidden blind within 6″ is spotted at once, its deployment delayed to the Tea Break card.',
      'No dice.',
      why='Section 6.1.1 places a blind in the open at once when it comes within 9″, then lets a blind in cover '
      'come as close as 6″ before its figures are placed on the Tea Break card: read together, 6″ is the covered '
      "blind's counterpart of the open blind's 9″, with a later placement."),
    R('SP-SHOOT-DICE-CLASS',
      'How "rounding up" applies to a part-group of shooters.',
      'Elite gain one die per four men or part of four, veterans one per five, recruits lose one per five: always '
      'the ceiling.',
      'Yes. Toggle: only whole groups count.',
      why='Section 7.2.1 says the quality modifiers round up; taking the ceiling of the shooters over four or five '
      'is the one reading in which a part-group counts, which is what rounding up promises.'),
    R('SP-SHOOT-DICE-MODS',
      'The order of the modifiers, whether rounding applies to the dice removed or kept, and how Shock rounds.',
      'Whole dice added and taken away first, cover last; cover removes the rounded-up half or three quarters; '
      'every two Shock cost a die, rounded down.',
      'Yes. Toggle: round the dice kept up.',
      why='Cover is given as a share of the dice, so it comes after the count it is a share of; "half the dice, '
      'rounding up" is said of the dice taken away; and "for every 2 Shock markers" counts only full pairs, as the '
      'gun-crew rule (7.7) counts every two Shock.'),
    R('SP-SHOOT-HIT-TABLE-SKIRMISH',
      "The Minié rifle's table stops at 48″.",
      'No shot beyond it.',
      'Only whether a shot is allowed.',
      why="The skirmish table's last column is 36–48″, with no open-ended band after it as the line and artillery "
      "tables' 36″+ have; a range no column covers is out of range."),
    R('SP-HERO-REPLACE',
      'The chance of a replacement for recruits is blank, and whose quality counts is not said.',
      'A 6 only (one in six); the quality of the troops the fallen Hero led.',
      'Yes, for recruits; the die needed is an input.',
      why='The filled rows of section 7.4.2 lose one face per step of quality (3–6, 4–6, 5–6) and recruits are the '
      "next step down, so a 6 alone continues them; the table is headed by troop quality, and the fallen Hero's own "
      'troops are the ones his loss weakens.'),
    R('SP-SHOCK-ROUT',
      '"Twice as much Shock as men" could be at least twice or more than twice (the artillery rule says "exceeds").',
      'At least twice.',
      'Yes, at exact doubles.',
      why='Section 7.5.4 says a Group with twice as much Shock as men routs, a plain doubling; section 7.5.5 uses a '
      'different word for gun crews, exceeding twice, so the change of wording is taken as a change of threshold.'),
    R('SP-SHOOT-RIDER',
      'Two rows of the mounted-target table are blank.',
      'A 5 means the mount shrugs off the wound and a 6 means roll again.',
      'Yes; the rows are inputs of their own, marked ✎.',
      why="The first row of section 7.6's table takes 1–4, and the two blank rows after it leave exactly the 5 and "
      'the 6, in the order the table prints them.'),
    R('SP-RAPID-LOAD',
      'Whether rifles "counting as muskets" also hit as muskets.',
      "Yes: they use the musket's to-hit values too.",
      'Yes, through the to-hit number, which is an input.',
      why='Section 7.10 says that after rapid loading riflemen count as armed with ordinary muskets for the rest of '
      'the game: a change of weapon, not only of loading speed, and the weapon is what the to-hit tables are read '
      'by.'),
    R('SP-LOADERS', 'The least a loader\'s help can cost.', 'Nothing: 0 Action Dice.', 'No dice.',
      why='Section 7.11 takes 1 Action Die off the usual cost and sets no floor; a cost cannot go below nothing, so '
      '0 is the floor.'),
    R('SP-HERO-CAPTURE',
      '"Four to one" could be at least or more than four times.',
      "At least four times the Hero's dice.",
      'Yes, at exactly four to one.',
      why="Section 7.12.2 asks that the attackers' dice stand to the Hero's as 4 to 1, a ratio met exactly at four "
      'times, not one that must be exceeded.'),
    R('SP-MELEE-DICE',
      'Whether the bonus for other Heroes is counted Hero by Hero or from their Status pooled.',
      "Hero by Hero: half of each one's Status, rounded down.",
      "Yes. Toggle: pool other Heroes' Status.",
      why="The other lines of section 8.1.3 are counted Hero by Hero or Group by Group, and the leading Hero's "
      'bonus comes from his own Status; reading this line per Hero too keeps the list alike.'),
    R('SP-MELEE-MODS-PCT',
      'How percentage modifiers combine and round; the source shows it only for lancers.',
      'All the percentages are added and applied once, after the whole-die changes, with gains rounded down and '
      'losses up; never below 0 dice.',
      'Yes. Toggle: gains and losses apart.',
      why="The only rounding section 8.1.3 gives is on the lancers' lines, +10% rounded down and −10% rounded up, "
      'so that direction is used for every gain and loss; adding the percentages first makes the order they are '
      "listed in irrelevant, and a share of a pool can only be taken once the pool's whole dice are known."),
    R('SP-MELEE-OVERWHELM',
      '"Four times" could be at least or more; whose quality makes it three times.',
      "At least; the weaker side's quality (recruits are swamped at three to one).",
      'Yes, at exact multiples.',
      why='Section 8.1.4\'s wording is the ordinary Russian for "four times as many", met at exactly four; and the '
      "recruits' exception only makes sense for the side being swamped, whose nerve is what gives way."),
    R('SP-MELEE-RESULT',
      'Whether "2 Shock" at a difference of 2 is per Group; whether the 24″ fall-back of mounted troops at 4 or '
      'more is a slip for 36″; what "doubles the Shock" doubles.',
      'Per Group, as at a difference of 3; 24″, as printed; the Shock dealt in this melee.',
      "Yes, for the loser's Shock and distance; no toggle.",
      why='The next line of section 8.2 gives the same 2 Shock to each Group, so the two lines are read alike; the '
      '36″ a pattern would suggest is only a guess, so the printed 24″ stands; and the Shock that can be doubled is '
      'the Shock the loser took in the fight being settled.'),
    # --- Batalist ------------------------------------------------------------------------------------------------
    R('BAT-ZONES',
      'Where the 135° of a zone is measured from.',
      'From the edge: each boundary points 45° outward from straight ahead (or straight back), so each zone is a '
      'wedge widening at ±45°.',
      'Only which zone a base is in.',
      why='Section 1 draws the front zone between rays from the front corners that diverge at 135° to the front '
      'edge; a ray at 135° to the edge leans 45° outward from straight ahead, so the zone widens, and the flank '
      'zones fill what is left between the front and rear wedges.'),
    R('BAT-FLANK-REAR-ATTACK',
      "How much of the attacker's front must be in the flank zone.",
      'Its midpoint, as for rear attacks.',
      'Only whether the attack counts as flank.',
      why="Section 1 judges a rear attack by the midpoint of the attacker's front side and gives the flank attack "
      'no measure; one point for both means an attacker is always in exactly one zone, never in flank and rear at '
      'once.'),
    R('BAT-LOS',
      'Whether a base on a hill sees over terrain.',
      'No.',
      'Only whether a shot is allowed.',
      why='Section 3 says hills and woods break the line of sight, and section 1 forbids a line crossing any '
      'terrain element, with no exception for a viewer standing higher; the one effect of height on shooting the '
      'rules give is the range die among the shooting modifiers.'),
    R('BAT-EQUIPMENT',
      '"Three sets of order cards" could cap how many of each order a side may give.',
      'It is a matter of supply; the real limit is three orders per base.',
      'No dice.',
      why='Section 3 lists the three sets among the things needed to play, beside dice and rulers; the orders phase '
      '(section 5) states the only limit, at most three orders a base, and three sets are what one base needs to '
      'carry three copies of one order.'),
    R('BAT-INITIATIVE',
      'The roll adds "КН", which the source never defines, and ties are not covered.',
      "The general's Quality (Кч), the nearest defined term; a tie is rolled again.",
      'Yes, for ties. Choice: equal totals.',
      why='«КН» matches no value of the profile in section 2 and Кч is the closest; section 6 needs one player with '
      'the higher total to choose who activates first, and rolling again keeps that even when the bonuses are '
      'equal.'),
    R('BAT-PASS',
      'What happens when one side has no bases left to activate.',
      'The other side activates its remaining bases one after another.',
      'No dice.',
      why='Section 7 ends the turn only when no base is left unactivated, so the remaining bases must still act; a '
      'pass gives nothing to a side with nothing left to activate, so its opponent simply takes its goes one after '
      'another.'),
    R('BAT-ACTIVATION',
      'Which orders a player reveals after seeing his action points; whether a base with no orders may be '
      'activated; how re-rolls work.',
      'Orders not revealed are lost; a base with no orders may be activated for nothing; the player may re-roll '
      'one failed die.',
      'The re-roll is part of the activation widget.',
      why='Section 7 has the player turn up the orders he will carry out after rolling, and then clears the cards '
      'of the activated base, so those left face down go with them; a base with no orders must still be activated, '
      'since the turn lasts until none is left; and the Standard Bearer (section 11) lets one die be rolled again, '
      'which only helps when it failed.'),
    R('BAT-MAGIC-CAST',
      'Where the action points for a spell come from.',
      "From the Mage's own activation roll; a spell needs at least one, and its size steps follow the points spent.",
      'No: the casting widget takes the points as given.',
      why='Section 8 makes the Cast order itself free, yet has the Mage say how many action points he spends on the '
      'spell, and the only action points in the game come from the activation roll (section 7); every spell of '
      'section 13 grows in steps of one, two or three points, so a spell needs at least one.'),
    R('BAT-MELEE-DAMAGE',
      'How many dice are rolled, what "double" means, and what equal totals do.',
      'One die a side, used for that side\'s attack and its defence alike, so the two results are linked; "double" '
      'is at least twice the other total; equal totals do nothing.',
      "Yes. Toggles: separate attack and defence dice; 'double' means more than 2×.",
      why="Section 9 has both players throw d6 plus Melee at once and compare it with the opponent's d6 plus "
      'Defence: one throw each, so each die serves both comparisons. "Twice as much" is met at exactly twice, and '
      'only a greater total does harm, so equal ones do none.'),
    R('BAT-MELEE-MODS',
      'The source never defines the "attacker".',
      'The base carrying out the Attack order, the one that moved into the fight.',
      'Only who takes which modifier.',
      why='Section 9 opens with the player turning up the Attack order and naming its target; the attacker column '
      'of the modifier table only makes sense for the base doing that, and the other column for its target.'),
    R('BAT-SHOOT-DAMAGE',
      'The comparison sign is missing from the shooting rule.',
      'Greater than; "double" at least twice.',
      "Yes. Choice: a hit needs a total; toggle: 'double' means more than 2×.",
      why='The ranged sentence of section 9 is built word for word like the melee one with the comparison word '
      'dropped; filling the gap with the melee\'s "greater than" keeps both attacks on one rule, and the double is '
      'read as in melee.'),
    R('BAT-SHOOT-MODS',
      'When the range die is rolled.',
      'When the shot is declared, before the range is checked.',
      'Only whether a shot reaches.',
      why="The height modifiers of section 9 change the shooter's Range by a die of steps, and Range decides "
      'whether a target may be chosen at all, so the die must be known when the shot is declared, before the range '
      'is checked.'),
    R('BAT-MORALE-TRIGGERS',
      'The first trigger adds "Бс", which is never defined; who tests when the general falls.',
      'The Ranged value (Бд); every base of the army.',
      'No: the morale widget takes the test as given.',
      why='The first trigger of the morale section pairs «Бс» with the melee value Бб, and the damage rules of '
      "section 9 use only Бб and Бд, so the shooting value is the one it can mean; the general's fall is listed "
      'with no distance, unlike a friend within 3 steps or a Leader within 6, so it reaches the whole army.'),
    R('BAT-MORALE-TEST',
      'What "loses all AP" means for a base not yet activated, and how the flight scale reads with Terror\'s other '
      'number of dice.',
      'It gets no action points this turn; three or more failures mean flight with any number of dice.',
      'Yes, with Terror.',
      why='Losing all action points only matters to a base that has yet to use them, so one not yet activated does '
      'nothing this turn; and Terror (section 13) changes only how many dice are rolled, not the scale that counts '
      'failures.'),
    R('BAT-SKILL-STREAM',
      'The length and placement of the stream template.',
      "It starts at the shooter's front and is as long as its Range.",
      'Only which bases are hit.',
      why='Section 11 sizes only the drop of the teardrop template by the points spent and says nothing of its '
      "length; the stream is a way of shooting, so it starts at the shooter's front like any shot and reaches as "
      'far as its Range.'),
    R('BAT-SKILL-COWARD',
      'The two lines of the Coward rule seem to contradict each other: the second alone would make cowards harder '
      'to rout.',
      'One rule: two dice, each above the Quality a failure, plus one failure given, three at most.',
      'Yes. Choice: Coward rule.',
      why='The skills table of section 11 gives Coward two lines; the second alone, a test on two dice, could never '
      'reach the three failures that make a base flee, so a coward would never run, against the name of the skill. '
      'Taken together, the lines give two dice and one failure already made.'),
    R('BAT-SKILL-STANDARD', 'Whether the Standard Bearer\'s own base gains from him.', 'Yes.', 'Yes, for that base.',
      why='Section 11 gives the re-roll to bases within 6 steps of the bearer; his own base is within that '
      'distance, and nothing excludes it.'),
    R('BAT-ORDER-MOVE',
      'Whether one activation may use several Move orders.',
      'Yes, each costing 1 AP and giving a full move.',
      'No dice.',
      why='Section 7 charges one action point per order, section 5 lets a base carry up to three orders with '
      'nothing against repeats, and section 2 defines Speed as the distance of one Move order, so each Move gives a '
      'full move.'),
    R('BAT-SPELL-ICE-RAIN',
      'Ice Rain sizes its template by diameter where the Area skill uses a radius.',
      'Each as written.',
      'Only which bases are hit.',
      why='Ice Rain is a spell of section 13 and the Area skill a way of shooting in section 11: separate effects, '
      'and nothing says one copies the other; the Lake and Cloud of Death, also spells, are sized by diameter too.'),
    R('BAT-SPELL-SUMMON',
      'Who controls a summoned beast, and for how long.',
      "The caster's side, for the rest of the game; its Quality stays between 1 and 5.",
      'No dice.',
      why="Section 13 has the player set the beast beside his own Mage, so it is his side's, and gives no end; "
      "section 2 defines Quality from 1 to 5, so the beast's stays in that range whatever its budget."),
    R('BAT-SPELL-OBSTACLE',
      'Where an Obstacle may be placed and how long it lasts.',
      'Anywhere the Mage can see, for the rest of the game.',
      'No dice.',
      why="Section 13 gives only the obstacle's size; every spell aimed at the enemy or at a spot needs a line of "
      "sight (the Mage's, or a friend's for Ice Rain), so the Mage's sight limits this one too, and with no end "
      'given the obstacle stays, like the terrain it becomes.'),
    R('BAT-SPELL-DEATH-LAKE',
      'Whether the lake attacks again on later turns.',
      'Once, when cast; after that it is water, an obstacle.',
      'No: the spell widget plays the casting attack.',
      why='Section 13 attacks the bases in the lake as the spell is cast and calls the lake an obstacle; the water '
      'of section 3 bars movement but never attacks, so after the casting it is water.'),
    R('BAT-SPELL-DEATH-CLOUD',
      'How long the cloud lasts.',
      'For the rest of the game.',
      'No dice.',
      why='Section 13 gives Sloth, Shield, Tailwind and Stimulus an end, the end of the turn, but gives the cloud '
      'none; a spell whose end is not written is taken to last, like the obstacles the other spells lay.'),
    R('BAT-SPELL-SLOTH',
      'How low Sloth can push a Quality.',
      'To 0 or below: such a base gains no action points and fails every morale die.',
      'Yes, for such a base.',
      why='Section 13 lowers Quality by the points spent with no floor, and the activation and morale rules already '
      'answer for a Quality of 0 or less: no die is at or under it (section 7) and every die is above it (section '
      '10).'),
    # --- index Readings the chapters state and the tables above did not list ------------------------------
    R('AOT-ART-SHOOT-HEAVY',
      "The rules hit on a die at or below the target's density, but the bombard example says the same 3 would have "
      'missed a density-3 target, which needs "below".',
      'At or below; the example is taken to be loose.',
      'Yes, by one face. Toggle: strict: hit on < (example).',
      why='The artillery section says "less than or equal to" the target\'s density twice, for light and for heavy '
          'machines, while the bombard example calls its 3 less than 4 and then contradicts the rule; a rule stated '
          'twice outweighs one sentence of an example.'),
    R('AOB-ROUT',
      'How fast a fleeing regiment goes after the first turn of its flight.',
      'Half as fast again as its normal move.',
      'Yes, for the distance. Toggle: flees at ×1.5 speed.',
      why='The flight section gives no speed, but the clash section has the loser turn and flee with its move '
      'increased by half; keeping that rate for the rest of the flight gives one fleeing speed throughout.'),
    R('SP-MOVE-HERO',
      "Whether a lone Hero's two dice are Action Dice, with all their modifiers.",
      'No: a lone Hero on foot always rolls two dice at skirmish speed, +1 each (2d6 + 2).',
      'Yes, for a Hero who would have had modifiers.',
      why='Section 5.2.2 gives the lone Hero two dice at skirmish speed and names no Action Dice or order bonuses; '
      'Heroes act by spending Initiative, not the Action Dice of a Group, so the pair is fixed.'),
    R('SP-TERRAIN-ROUGH',
      'Which ground costs 1″ a die and which 2″.',
      'Swamp costs 2″; the scenario sets the rest.',
      'Yes; the kind of ground is a choice of the widget.',
      why='The one example in section 5.3.1 takes 2″ off each die of a Group wading a swamp (a 6 and a 1 become 4 '
      'and 0); the fragment grades no other ground, so the scenario, which lays the ground out, does.'),
    R('SP-SPOT-MODIFIERS',
      'The modifier list does not say which column each line belongs to, and "natives" has no subject.',
      'Each line sits in the column its meaning suggests (an observer under fire finds it harder); "natives" means '
      'the target is natives.',
      'Yes, for those modifiers.',
      why="The table's layout was lost with its images, leaving two lists; whether a line helps or hinders the "
      'observer is plain from its sense (fire and smoke hinder, height and a moving target help), and since a '
      'native observer already stands among the lines that help, the bare "natives" among those that hinder is read '
      'as the target.'),
    R('SP-SHOOT-HIT',
      'Most to-hit numbers are blank in our copy, and nothing is said of natural 1s and 6s.',
      'The to-hit number is an input the player sets; a natural 1 or 6 has no special effect.',
      'The number is an input, marked ✎.',
      why='The cells were lost with their images, so no number can honestly be given; section 7.2.1 asks only for a '
      'roll at least the number shown, and nothing in the fragment gives a natural 1 or 6 a meaning when hitting '
      "(the sharpshooter's 1 is his own rule)."),
    R('SP-SHOOT-HITS',
      'The die face of the "Death" row is blank in our copy.',
      'A 6, the one face the other rows leave.',
      'Yes. Toggle: a 6 is the lost last row.',
      why='Section 7.3 gives 1–2 to a miss and 3–5 to Shock, so the blank Death row can only be the remaining 6.'),
    R('SP-HERO-WOUND',
      "The die face of the wound table's last row is blank in our copy.",
      'A 6, the one face the other rows leave.',
      'Yes. Toggle: a 6 is the lost last row.',
      why="Section 7.4's table gives 1–3 to a light wound and 4–5 to a severe one, so the blank last row, the "
      "Hero's death, can only be the remaining 6."),
    R('BAT-TERRAIN',
      'Swamp appears twice, once quartering speed and once inside "difficult ground", which halves it; no rounding '
      'is given.',
      'A swamp quarters speed and other difficult ground halves it; distances are not rounded.',
      'Only the distance moved.',
      why='Section 3 gives the swamp an entry of its own, water that cuts Speed fourfold, and then names bogs among '
      'the examples of difficult ground at half Speed; the entry for the kind is taken over the example in the '
      'list. Distances are counted in steps and no rounding is given, so none is added.'),
    R('BAT-SKILL-AREA',
      '"Every base" under an area template could mean enemy bases only.',
      'Friendly bases are hit too.',
      'Only which bases are hit.',
      why='Ice Rain in section 13 says "enemy bases" where it means them, while the Area skill in section 11 says '
      'every base under the template; the difference in wording is taken as meant.'),
    R('BAT-MAGIC-MISCAST',
      "Whether a Standard Bearer's re-roll may undo a deadly 1-1-1.",
      'Yes, before the result is applied.',
      'Yes. Toggle: re-roll may undo a 1-1-1.',
      why='The Standard Bearer of section 11 lets a base re-roll one die of its activation, and the miscast of '
      'section 8 is read off that same roll; the re-roll comes before the dice are read, so it can save the Mage.'),
    # --- the companion systems: decisions beyond the index ----------------------------------------------------
    R('AOB-ROUT',
      'When a fleeing regiment tests to rally, and where its general stands.',
      'At the start of each of its turns, before it moves; the general who stops it is taken to stay within 1 pace '
      'every turn.',
      'No dice change.',
      ENG,
      why='The flight section makes a fleeing regiment move every friendly turn and lets a general within 1 pace '
      'stop it with a passed test, the flight going on until one is passed; testing before each move lets a rallied '
      'regiment stand where it is, and with no table to track the general, the odds of a flight assume he keeps up, '
      'so a test is rolled every turn.'),
    R('SP-SHOOT-HITS',
      "Whether the lost last row's 6 may be switched off.",
      'Yes: the toggle is ours, and without it a 6 counts as the row above.',
      'Yes. Toggle: a 6 is the lost last row.',
      ENG,
      why='The 6 is inferred, not read, so a player who doubts it can see the odds if the table simply stopped at '
      'the Shock row; folding the 6 into the row above is the least change a missing row allows.'),
    R('SP-SHOOT-HIT-TABLE-LINE',
      'The lost to-hit cells, one per weapon and range band.',
      'One ✎ input stands for whichever lost cell the chosen weapon and range band select, instead of one input '
      'per cell.',
      'The cell is an input.',
      ENG,
      why='Every value of the line table is lost and a shot only ever reads one of them; a single input keeps the '
      'widget to one question instead of ten blank boxes of which only one matters.'),
    R('SP-TERRAIN-ROUGH',
      'Whether the inches lost in rough ground come off before or after the order\'s bonus, and what "very rough" '
      'ground is.',
      'After the bonus, from each die; "very rough" is the ground that costs 2″ a die, which cavalry may not enter.',
      'Yes. Toggle: cut the bare die first.',
      ENG,
      why='Section 5.3.1 cuts each movement die rolled, and the movement table adds its bonus to each die (+1 in '
      'column, +3 at trot), so the cut is taken from the die as it moves; the swamp example has no bonus and fits '
      'either. Section 5.3.3 bars cavalry from very rough ground, which matches the harsher grade.'),
    R('SP-SPOT-MODIFIERS',
      'An extra observation die is named twice in the modifier list.',
      'It counts once.',
      'Yes. Toggle: extra dice count twice.',
      ENG,
      why='Section 6.0.3 already adds +1 to the roll for each extra die spent, and the modifier list repeats it as '
      'an easier difficulty; one die helping twice is nowhere suggested, so the two mentions are one bonus.'),
    R('BAT-TURN-SEQUENCE',
      'What "twice in a row" counts, and whether a base may be given one order more than once.',
      "Two of the same player's own goes; yes, the same order may be given again.",
      'No dice.',
      ENG,
      why="Section 6 forbids passing twice in a row, and what comes round in turn is each player's own go, so the "
      'count runs over his goes; section 5 limits a base to three orders and says nothing against repeats.'),
    R('BAT-TERRAIN',
      'Whether two slowing kinds of ground multiply.',
      'No: the harsher one counts.',
      'Only the distance moved.',
      ENG,
      why='Section 3 lets terrain combine but gives no rule for stacking, and the Move order of section 12 judges '
      'mixed ground by its slowest part (no faster than its swamp speed); counting the harsher ground keeps to that '
      'one idea.'),
    R('BAT-SKILL-AREA',
      "Whether template fire rolls one shooter's die for all the bases under it.",
      'A fresh die for every base.',
      "Yes. Toggle: one shooter's die for all.",
      ENG,
      why='Section 11 has every base under the template take damage under the normal ranged rules, where each '
      'attack is its own pair of dice; each base is a separate attack, so each gets its own dice.'),
    R('BAT-MAGIC-MISCAST',
      'Whether the player re-rolls a die when the other two already show 1.',
      'Never: a third 1 would kill the Mage.',
      "It is part of the miscast widget's play.",
      ENG,
      why='With two dice at 1 a re-rolled third die that comes up 1 completes the deadly triple: a one-in-six risk '
      "of losing the Mage for one action point. It is the engine player's cautious choice, not a rule."),
)
