"""The frames a replay viewer ships, as typed records that become compact JSON.

A viewer ships the static picture (table, terrain, camps) once; each frame then holds only the pieces
that changed since the frame before it, plus its caption lines and dice.  The browser rebuilds any frame
by applying the changes in order, so stepping back costs no extra data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Die:
    """One die of a step's strip: its face, and ``effect`` ``hit``/``save``/``fail`` where the rule judged
    it (the strip shows it neutral otherwise)."""

    face: int
    effect: str = ""
    purpose: str = ""
    sides: int = 6

    def json(self) -> list[Any]:
        return [self.face, self.effect, self.purpose, self.sides]


@dataclass(frozen=True)
class Line:
    """One line of a step's caption: the rule it applies (with a link to its section where the book has
    one), who acted, what came of it (display text only) and its dice."""

    rule: str
    who: str
    text: str
    kind: str
    dice: tuple[Die, ...] = ()
    href: str = ""

    def json(self) -> dict[str, Any]:
        return {"r": self.rule, "w": self.who, "t": self.text, "k": self.kind, "h": self.href,
                "d": [d.json() for d in self.dice]}


@dataclass(frozen=True)
class PieceView:
    """How one piece is drawn in one frame: the transform of its base (which carries its figures), the
    base's markup, its label's place and text, the markup of figures drawn off the base (disordered, and
    those just killed), and whether it is on the table.  ``formed``/``disordered`` are the counts drawn."""

    pose: str
    body: str
    label_at: str
    label: str
    loose: str
    shown: bool
    formed: int
    disordered: int
    details: str = ""  # the unit's details (name, density, warriors, veteran, armour, shield) on hover or tap

    def json(self) -> dict[str, Any]:
        return {"p": self.pose, "b": self.body, "la": self.label_at, "l": self.label, "x": self.loose,
                "s": int(self.shown), "t": self.details}


@dataclass(frozen=True)
class Frame:
    """One step of the replay: where it sits (turn, the slot group), its title and caption lines, the
    pieces that changed (by id), the move paths drawn for this step only, and the keyframes (transform,
    offset) of each base whose way is more than a glide from its last pose to its new one (a wheel, a
    retreat that turns and then goes)."""

    turn: int
    group: str
    title: str
    lines: tuple[Line, ...]
    changed: dict[str, PieceView] = field(default_factory=dict)
    paths: str = ""
    motion: dict[str, tuple[tuple[str, float], ...]] = field(default_factory=dict)  # pid → keyframes
    why: str = ""  # what the step's rule decides, for a newcomer (:mod:`.glosses`)

    def json(self) -> dict[str, Any]:
        out = {"n": self.turn, "g": self.group, "ti": self.title, "ln": [x.json() for x in self.lines],
               "c": {k: v.json() for k, v in self.changed.items()}, "pa": self.paths}
        if self.why:
            out["y"] = self.why
        if self.motion:
            out["m"] = {k: [list(x) for x in v] for k, v in self.motion.items()}
        return out
