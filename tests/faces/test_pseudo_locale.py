"""The pseudo-locale finds English that did not come through the catalogue.

Every template rendered in the pseudo-locale (``--lang qps``) has its words accented and bracketed, so an ASCII word
of three letters or more left in the command line's answers and help is English written outside the catalogue, and
none is left (issue #34).  What a reader types is not words: the command, a mechanic's key, its options and metavars,
and the choice codes its inputs take (read from the registry), which --help shows with their labels beside them.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterable

from aot_rules.cli import main
from aot_rules.cli.army import ACTIONS
from aot_rules.cli.odds import PROG
from aot_rules.systems import all_mechanics

#: An ASCII word of three letters or more that is not part of a code (a flag, a rule ID, a snake_case name).
WORD = re.compile(r"(?<![\w\-−/.'])[A-Za-z]{3,}(?![\w\-/'])")


def _shown(args: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(["--lang", "qps", *args])
    return out.getvalue() + err.getvalue()


def typed(text: str, codes: Iterable[str]) -> str:
    """``text`` without what a reader types: the command before a mechanic's key, and the choice codes its inputs
    take (``light foot``, a code with a space), found in the registry's parameters, never guessed; a line argparse
    broke inside a code is joined first.

    >>> typed("python -m aot_rules odds run (one of light\\n      foot, horse-\\n   archer)", ["light foot"])
    ' run (one of , horse-archer)'
    """
    text = re.sub(r"\s+", " ", re.sub(r"-\n\s*", "-", text)).replace(PROG, "")
    for code in sorted(codes, key=len, reverse=True):
        text = re.sub(r"(?<![\w\-])" + re.escape(code) + r"(?![\w\-])", "", text)
    return text


def leaked_words() -> set[str]:
    """Every English word the command line shows in the pseudo-locale: each calculator's answer at its defaults
    and its --help, the list of calculators, and the usage (the choice codes --help and --list show are what a
    reader types, left out here; an answer shows none, so its text is read as it is)."""
    every = {c for m in all_mechanics() for p in m.inputs for c in p.choices} | set(ACTIONS.strip("{}").split(","))
    texts = [typed(_shown([]), every), typed(_shown(["odds", "--list"]), every)]
    for m in all_mechanics():
        codes = {c for p in m.inputs for c in p.choices}
        texts += [_shown(["odds", m.rule_id]), typed(_shown(["odds", m.rule_id, "--help"]), codes)]
    keys = {m.key for m in all_mechanics()}
    return {w for t in texts for w in WORD.findall(t) if w not in keys and not w.isupper()}


def test_the_pseudo_locale_leaves_no_english() -> None:
    found = sorted(leaked_words())
    assert not found, f"English outside the catalogue: {found}"


def test_a_word_outside_the_catalogue_is_seen() -> None:
    assert WORD.findall("⟦ţàkéš⟧ hits --density AOT-RUN a_wins 3/8") == ["hits"]



def test_json_answers_are_the_same_in_every_language() -> None:
    """``--json`` holds codes and exact numbers: only its display fields (the calculator's title, the reason an
    answer gives) change with the language, so a program reading the answers never depends on the reader's."""
    import json

    compared = 0
    for m in all_mechanics():
        texts = [_in(lang, ["odds", m.rule_id, "--json"]) for lang in ("en", "ru", "qps")]
        if not texts[0]:  # a calculator that needs more than its defaults (firers or a distance) answers nothing
            continue
        docs = [json.loads(t) for t in texts]
        for d in docs:
            for display in DISPLAY:
                d.pop(display, None)
        assert docs[0] == docs[1] == docs[2], m.rule_id
        compared += 1
    assert compared > 100


#: The fields of a --json answer that are words for a reader.
DISPLAY = ("title", "because")


def _in(lang: str, args: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(["--lang", lang, *args])
    return out.getvalue()


def test_json_facts_are_codes_and_numbers() -> None:
    """A fact beside an answer is words only for a reader: --json holds its value (issue #34), so a program reads
    the same thing whatever language the answer was asked in, and no English sentence to parse."""
    from aot_rules.present.answer import answer

    assert answer("AOT-MOVE-THROUGH-FRIENDS", {})["test"] == {"against": 3}
    assert answer("AOT-MOVE-THROUGH-FRIENDS", {})["loses"] == "friend"
    assert answer("AOT-RUN", {})["test"] is False and answer("AOT-RUN", {"shield": True})["test"] is True
    assert answer("AOT-TROT", {})["dice"] == 2
    assert answer("AOT-BREAKTHROUGH", {})["striking"] == ["horses"]
    melee = answer("AOT-MELEE-ARMOUR", {})
    assert melee["a_hits_on"] == [{"count": 4, "weapon": "sword", "faces": [5, 6]}]
    assert melee["b_saves"] == {"armour": True}
    assert answer("BAT-MELEE-DAMAGE", {})["attacker rolls"] == {"strike": 3, "guard": 3}
    assert answer("SP-SHOOT-HIT-TABLE-LINE", {})["table cell"] == {"need": 4, "given": False}


def test_a_fact_and_its_name_read_in_the_language_in_force() -> None:
    """The text answer shows each fact's name and value through the catalogue (pseudo-locale: accented)."""
    shown = _in("qps", ["odds", "AOT-MOVE-THROUGH-FRIENDS"])
    assert "  ⟦téšt⟧: ⟦bélöw 3⟧" in shown and "test: below" not in shown
    assert "  test: below 3" in _in("en", ["odds", "AOT-MOVE-THROUGH-FRIENDS"])
