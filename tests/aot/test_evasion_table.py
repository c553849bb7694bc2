"""The book's who-may-evade-whom table is the engine's verdict over every pair of profiles.

The table is what a reader consults at the table, so it is checked against the
rulebook's own three examples and the rule's two blanket statements (foot never
evade horse; elephants and artillery crews never evade), read back from the HTML
the chapter prints rather than from the engine that made it.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from aot_rules.aot.mechanics.evasion import Profile
from aot_rules.aot.rules.evasion import Arm
from aot_rules.present.diagrams.evasion import SHORT, evasion_svg, flank_evasion_svg, who_may_evade_table


class _Cells(HTMLParser):
    """Collect (row header, column index, allowed, title) for every verdict cell."""

    def __init__(self) -> None:
        super().__init__()
        self.columns: list[str] = []
        self.cells: list[tuple[str, int, bool, str]] = []
        self._row: str | None = None
        self._col = 0
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tr":
            self._row, self._col = None, 0
        elif tag == "th":
            self._in = a.get("scope")
        elif tag == "td" and "data-allowed" in a:
            assert self._row is not None
            self.cells.append((self._row, self._col, a["data-allowed"] == "1", a.get("title") or ""))
            self._col += 1

    def handle_data(self, data: str) -> None:
        if self._in == "row":
            self._row = data
        elif self._in == "col" and data in SHORT.values():
            self.columns.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "th":
            self._in = None


@pytest.fixture(scope="module")
def grid() -> dict[tuple[Profile, Profile], tuple[bool, str]]:
    """(evader, attacker) → (allowed, reason), as printed."""
    parser = _Cells()
    parser.feed(who_may_evade_table())
    by_short = {v: k for k, v in SHORT.items()}
    cols = [by_short[c] for c in parser.columns]
    return {(by_short[r], cols[c]): (ok, why) for r, c, ok, why in parser.cells}


def test_every_pair_once(grid: dict[tuple[Profile, Profile], tuple[bool, str]]) -> None:
    assert len(Profile) == 13
    assert len(grid) == 13 * 13
    assert all(why for _, why in grid.values())


@pytest.mark.parametrize(("charger", "charged", "allowed"), [
    (Profile.HORSE_ARMOUR, Profile.LIGHT_HORSE, True),    # Romans charge: the Numidians may evade
    (Profile.LIGHT_HORSE, Profile.HORSE_ARMOUR, False),   # Numidians charge: the Romans must fight
    (Profile.FOOT_SHIELD, Profile.FOOT_BOTH, False),      # Thracians charge: the legionaries may not evade
    (Profile.FOOT_BOTH, Profile.FOOT_SHIELD, True),       # legionaries charge: the Thracians may
    (Profile.FOOT_SHIELD, Profile.FOOT_ARMOUR, False),    # Anglo-Saxons charge: the Norman archers may not
    (Profile.FOOT_ARMOUR, Profile.FOOT_SHIELD, False),    # Normans charge: the Anglo-Saxons may not either
])
def test_source_examples(grid: dict[tuple[Profile, Profile], tuple[bool, str]], charger: Profile,
                         charged: Profile, allowed: bool) -> None:
    assert grid[charged, charger][0] is allowed


def test_foot_never_evade_mounted(grid: dict[tuple[Profile, Profile], tuple[bool, str]]) -> None:
    foot = [p for p in Profile if not p.troops.arm.mounted]
    mounted = [p for p in Profile if p.troops.arm.mounted]
    assert len(mounted) == 8
    assert not any(grid[f, m][0] for f in foot for m in mounted)


@pytest.mark.parametrize("evader", [Profile.ELEPHANT, Profile.ARTILLERY])
def test_elephants_and_crews_never_evade(grid: dict[tuple[Profile, Profile], tuple[bool, str]],
                                         evader: Profile) -> None:
    assert evader.troops.arm in (Arm.ELEPHANT, Arm.ARTILLERY)
    assert not any(grid[evader, a][0] for a in Profile)


def test_diagrams_measure_the_die() -> None:
    assert "backs 4″ straight away" in evasion_svg(4, 3)
    assert "backs 5″ away" in flank_evasion_svg(5)
