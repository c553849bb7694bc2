"""The companion systems' refusals are catalogue templates: they render through the catalogue (the pseudo-locale
shows every word that did), the enums they name by their vocabulary labels, and English stays as it was."""

from __future__ import annotations

from enum import Enum

import pytest

from aot_rules.aob.rules.die import GameDie, check_face
from aot_rules.bat.rules.magic import Spell, check_cast
from aot_rules.bat.rules.profile import Order, Profile, Skill
from aot_rules.bat.rules.turn import check_orders
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import PSEUDO, Message, has_label, pseudo
from aot_rules.sp.rules.movement import Ground, check_ground

MAGE = Profile("Mage", 3, 6, 1, 0, 0, 1, frozenset({Skill.MAGE}))


def _pseudo(err: RuleError) -> str:
    """The refusal in the pseudo-locale: only a template (not a sentence) can be shown there."""
    assert isinstance(err.msg, Message)
    return err.msg.render(PSEUDO)


def test_a_batalist_refusal_names_its_spell_through_the_catalogue() -> None:
    with pytest.raises(RuleError) as caught:
        check_cast(MAGE, Spell.ICE_RAIN, 3, ap_rolled=2)
    err = caught.value
    assert str(err) == "BAT-MAGIC-CAST: the Mage rolled 2 AP and cannot spend 3 on Ice Rain"
    shown = _pseudo(err)
    assert shown.startswith("⟦") and pseudo("Ice Rain") in shown and "Ice Rain" not in shown


def test_an_order_refusal_labels_both_the_order_and_the_skill() -> None:
    with pytest.raises(RuleError) as caught:
        check_orders([Order.RECON])
    assert caught.value.message == "only a base with the Scout skill may take the Reconnaissance order"
    shown = _pseudo(caught.value)
    assert pseudo("Scout") in shown and pseudo("Reconnaissance") in shown


@pytest.mark.parametrize("enum", [Spell, Skill, Order])
def test_every_interpolated_batalist_vocabulary_has_labels(enum: type[Enum]) -> None:
    assert all(has_label(m) for m in enum)


def test_a_choice_of_words_is_two_whole_templates() -> None:
    """The cavalry refusal was glued from a fragment; each branch is now one sentence of its own."""
    texts = []
    for formation in (True, False):
        with pytest.raises(RuleError) as caught:
            check_ground(True, Ground.VERY_ROUGH, formation)
        assert _pseudo(caught.value).count("⟦") == 1
        texts.append(caught.value.message)
    assert texts == ["cavalry cannot keep a Formation in very rough ground", "cavalry cannot enter very rough ground"]


def test_an_age_of_battles_refusal_is_a_template() -> None:
    with pytest.raises(RuleError) as caught:
        check_face(21, GameDie.D20, "AOB-DIE")
    assert caught.value.message == "a d20 shows 1 to 20, not 21"
    assert _pseudo(caught.value).startswith("⟦")
