"""Every enum value is a short ASCII code (issue #34): saves, --json, share links and CLI choices hold codes, and a
reader sees labels.  A value written before the codes still means its member, through each vocabulary's one table
of former spellings, never by matching a label's words."""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from enum import Enum

import pytest

import aot_rules
from aot_rules.aot.mechanics.evasion import Profile
from aot_rules.core.errors import ParamError
from aot_rules.core.i18n import current, former_values, label, speaking, text
from aot_rules.core.outcome import DistKey, EventKey
from aot_rules.systems import get

CODE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
#: An outcome's keys are the names its ``--json`` answer has always used (``a_wins``): codes in snake case.
KEY = re.compile(r"^[a-z0-9][a-z0-9_]*$")


def every_enum() -> list[type[Enum]]:
    for m in pkgutil.walk_packages(aot_rules.__path__, "aot_rules."):
        if not m.name.endswith("__main__"):
            importlib.import_module(m.name)
    found: dict[type[Enum], None] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("aot_rules"):
            for v in vars(module).values():
                if isinstance(v, type) and issubclass(v, Enum) and v.__module__ == name:
                    found[v] = None
    return list(found)


def test_every_enum_value_is_a_code() -> None:
    """Codes, numbers or a single side letter; the one exception is a die that did nothing (``""``); an outcome's
    keys are snake-case codes, as its JSON answer writes them."""
    enums = every_enum()
    assert len(enums) > 100
    phrases = [f"{cls.__qualname__}.{m.name} = {m.value!r}" for cls in enums for m in cls
               if not (isinstance(m.value, int) or CODE.match(str(m.value)) or re.fullmatch(r"[A-Z]", str(m.value))
                       or (issubclass(cls, (EventKey, DistKey)) and KEY.match(str(m.value)))
                       or (cls.__name__ == "DieEffect" and m.value == ""))]
    assert phrases == []


def test_former_spellings_mean_their_members() -> None:
    tables = [(cls, former_values(cls)) for cls in every_enum() if former_values(cls)]
    assert len(tables) > 70
    for cls, table in tables:
        for old, code in table.items():
            assert cls(old) is cls(code) and current(cls, old) == code and old not in {m.value for m in cls}


def test_an_old_choice_answers_like_its_code_and_a_label_is_never_read() -> None:
    m = get("AOT-EVADE-ELIGIBILITY")
    assert m.evaluate(evader="foot with shields").dists == m.evaluate(evader="foot-shield").dists
    with speaking("ru"):
        words = text(label(Profile.FOOT_SHIELD))
    assert words != "foot with shields" and words not in former_values(Profile)
    with pytest.raises(ParamError):  # the Russian label is shown, never parsed
        m.evaluate(evader=words)
