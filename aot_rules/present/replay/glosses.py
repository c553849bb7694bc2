"""Why a step happens, in one plain sentence per rule: what a newcomer needs beside the engine's own line.

A replay's caption says who did what (the engine's log line, display text) under which rule (its ID, linked
to the chapter that explains it).  A reader new to the game also needs the why: what the rule is for and
what it decides.  These sentences are the book's, written for the captions; they carry no numbers the
engine computes (those stay in the log lines and dice strips).  A rule without a sentence here shows none.
"""

from __future__ import annotations

from aot_rules.core.i18n import Message, msg, text

#: Rule ID → one sentence on what the rule decides, for a reader who has not read its chapter yet.
GLOSSES: dict[str, Message] = {
    "AOT-CMD-INITIATIVE": msg("Each side rolls one die; the higher roller plays his slots from his number down to "
                              "just above the other's, then the lower roller plays his from his number down to 1."),
    "AOT-CMD-DOUBLES": msg("Equal initiative dice are rolled again, and after a double both players may rewrite "
                           "which general owns each of their slots."),
    "AOT-CMD-CINC": msg("In one of his own slots the commander-in-chief may rewrite which general owns each slot "
                        "instead of giving orders; the new owners hold the slots still to be played."),
    "AOT-CMD-SLOT-ORDER": msg("Slots are played one at a time, highest first; everything done in a slot is finished "
                              "before the next one opens, and melees are fought as a slot closes."),
    "AOT-CMD-SLOTS": msg("The slot's owner, a general, activates his own unit (once a turn at most) and may give "
                     "orders to the units around him."),
    "AOT-CMD-DIRECT": msg("A general commands directly the units within 1″ of his own: no die, each may get its own "
                          "order."),
    "AOT-CMD-SIGNAL": msg("A signal's reach is one die in inches from the general; units inside it get the order, "
                          "the others do nothing this slot."),
    "AOT-CMD-MESSENGER": msg("A messenger carries one order to one unit anywhere on the table; he gets through "
                             "only if his die beats the distance in inches."),
    "AOT-CMD-BATTLE-LINE": msg("Units standing at most 1″ apart may be ordered as one line; the other units "
                               "of the line move 1″ less than the general's own and shoot with one warrior fewer."),
    "AOT-CMD-INDIVIDUAL-SLOT": msg("A slot marked 'individual unit' lets the player activate any one unit, whoever "
                                   "commands it."),
    "AOT-MOVE-PROCEDURE": msg("A unit moves front first and may not push any base aside; touching an enemy ends its "
                              "move, and the enemy may then react."),
    "AOT-ROUGH-TERRAIN": msg("Entering rough ground costs a disorder test: a die below the unit's density "
                             "disorders warriors."),
    "AOT-MOVE-THROUGH-FRIENDS": msg("Passing through a friendly unit is allowed only if the mover clears it; the "
                                    "unit passed through may lose order on the mover's test."),
    "AOT-RUN": msg("Foot may run once a turn: one die of extra inches, which is also a disorder test for a unit "
               "with a shield or armour (one with both may not run)."),
    "AOT-TROT": msg("Horse may trot once a turn: the dice give the extra distance and, for armoured riders or "
                "horses, one die is also a disorder test."),
    "AOT-CHARIOT-TURN-TROT": msg("A chariot trots on two dice; the higher one is also its test, and failing it "
                                 "overturns the chariot."),
    "AOT-EVADE-PROCEDURE": msg("A unit contacted by an enemy it may evade backs away at once: one die is both the "
                               "distance, which it must cover in full or stay and fight, and its disorder test."),
    "AOT-EVADE-FLANK": msg("A unit evading an attack on its flank first turns to face the attacker, then backs "
                           "away the full die."),
    "AOT-PANIC": msg("A panicking unit cannot fight: it runs a full 10″, away from whoever attacked or shot it, "
                 "or else toward its camp."),
    "AOT-TURN": msg("Any change of facing is a turn: it costs no distance and is no action, but each one is a "
                "disorder test, and it may not bring the unit nearer the enemy."),
    "AOT-REFORM": msg("Reforming is a unit's whole action: it may face any way, change its ranks and bring "
                  "disordered warriors back into order."),
    "AOT-SHOOT-HIT": msg("Each shooter in range rolls one die and hits on a roll below the target's density: "
                     "denser targets are easier to hit."),
    "AOT-REACT-COUNTERCHARGE": msg("A unit shot at may charge the shooters instead; if its die covers the "
                                   "distance the volley is cancelled and a melee is fought at once."),
    "AOT-MELEE-STRIKES": msg("Every formed warrior in the front rank strikes with one die, both sides at once; "
                             "losses are removed together."),
    "AOT-MELEE-RESULT": msg("After the losses the densities are compared: the denser unit wins, equal densities "
                            "fight on next turn."),
    "AOT-MELEE-RETREAT": msg("The loser turns its back (a disorder test), falls back a full move (10 less its "
                             "density) and may then face the enemy again."),
    "AOT-DEMO-DISORDER": msg("The winner's demoralization points (one per point of the loser's starting density) "
                             "disorder warriors of the loser or of its army's units in sight of the fight."),
    "AOT-DEMO-TARGETING": msg("Demoralization points go on the beaten unit or on units of its army that can see "
                              "the fight, nearest first."),
}


def gloss(rule: str) -> str:
    """The sentence for ``rule`` in the language in force, or ""."""
    return text(GLOSSES[rule]) if rule in GLOSSES else ""
