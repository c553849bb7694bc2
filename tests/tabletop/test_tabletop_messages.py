"""The table-top engine's refusals are catalogue templates (issue #34): each renders through the catalogue in the
language in force, keeps its values typed (a unit's status, the battle's result, a distance) and keeps today's
English, the possessive included ("slingers'" but "Nikias's"), without gluing English fragments."""

from __future__ import annotations

from fractions import Fraction

import pytest
from table_positions import side

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.orders import UnitTurn
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import PSEUDO, Message, pseudo
from aot_rules.present import tablelog
from aot_rules.tabletop import officers
from aot_rules.tabletop.events import BattleEnded, Status
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.geometry import BaseSize, Pose, figure
from aot_rules.tabletop.moves import turn
from aot_rules.tabletop.simulate import play_one
from aot_rules.tabletop.state import GameState, Piece
from aot_rules.tabletop.turn import begin_slot, start_turn


def _piece(pid: str, side_: int, name: str, x: float, status: Status = Status.FIGHTING) -> Piece:
    unit = Unit(name=name, ranks=(3, 3), weapon=MeleeWeapon.SHOOTER, missile=Missile.SLING, initiative=True)
    return Piece(pid, side_, unit, Pose.of(x, 10.0, 0.0), BaseSize.UNIT, unit.strength, turn=UnitTurn.of(unit),
                 status=status)


def _own_slot(*pieces: Piece) -> GameState:
    """Side 0 is playing its own slot 3: no junior officer of side 0 may act in it."""
    return GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), pieces, (), turn=1,
                     initiative=(2, 4), slot=3, mover=0)


def _template(e: RuleError) -> Message:
    assert isinstance(e.msg, Message), "the refusal is a sentence, not a catalogue template"
    return e.msg


def _refusal(state: GameState, pid: str) -> RuleError:
    with pytest.raises(RuleError) as info:
        officers.may_act(state, pid)
    _template(info.value)
    return info.value


@pytest.mark.parametrize(("name", "english"), [("slingers", "slingers' junior officer"),
                                               ("Nikias", "Nikias's junior officer")])
def test_a_possessive_keeps_todays_english_and_is_a_whole_template(name: str, english: str) -> None:
    e = _refusal(_own_slot(_piece("S", 0, name, 30)), "S")
    assert e.message == english + " acts in the enemy's slot, once the enemy has finished its actions"
    shown = _template(e).render(PSEUDO)
    assert shown.startswith("⟦" + name) and shown.endswith("⟧") and "junior" not in shown and "officer" not in shown


def test_a_units_status_is_a_vocabulary_member_rendered_by_its_label() -> None:
    e = _refusal(_own_slot(_piece("S", 0, "slingers", 30, Status.FLED)), "S")
    assert e.message == "slingers has left the battle (fled)"
    assert _template(e).params["status"] is Status.FLED
    assert pseudo("fled") in _template(e).render(PSEUDO)


def test_a_finished_battle_refusal_keeps_the_typed_result_and_the_face_says_it() -> None:
    finished = play_one("greek-border", 3)[1]
    assert isinstance(finished.result, BattleEnded)
    for act, args in ((start_turn, ()), (begin_slot, (0, 1))):
        with pytest.raises(RuleError) as info:
            Game(finished).act(act, *args)
        assert _template(info.value).params["result"] is finished.result
        assert info.value.message == "the battle is over: " + tablelog.ended(finished.result)
        assert _template(info.value).render(PSEUDO).startswith(pseudo("the battle is over: ").rstrip("⟧"))


def test_a_measured_number_renders_in_the_readers_way() -> None:
    """A distance shown to a format's places stays a number, so Russian writes its decimal comma."""
    assert figure(3.14159, ".2f") == Fraction(157, 50)
    assert figure(3.0, ".1f") == 3 and figure(72.0, "g") == 72


def test_a_turn_that_does_not_change_the_facing_is_a_template() -> None:
    state = _own_slot(_piece("S", 0, "slingers", 30))
    with pytest.raises(RuleError) as info:
        Game(state).act(turn, "S", 360.0)
    assert info.value.message == "slingers: a turn of 360.0° does not change its facing"
    shown = _template(info.value).render(PSEUDO)
    assert "360.0" in shown and "facing" not in shown
