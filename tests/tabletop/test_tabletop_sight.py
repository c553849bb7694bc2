"""Lines of sight and cover on the table (aot_rules.tabletop.sight), on the greek-border table: the hill
of Delion (8..16 × 14..22), the oak wood (46..54 × 15..23), the stream (21..39 × 26..27)."""

from __future__ import annotations

import random
from dataclasses import replace

from shapely.geometry import Polygon

from aot_rules.aot.rules.terrain import Terrain, terrain_effect
from aot_rules.core.i18n import label
from aot_rules.tabletop.events import Cover, CoverKind
from aot_rules.tabletop.geometry import CONTACT, Pose, crosses, distance, sight_lines
from aot_rules.tabletop.scenarios import rect, scenario
from aot_rules.tabletop.sight import (
    COVER_DEPTH,
    INSIDE_EPS,
    SEEN_INSIDE,
    gap,
    in_cover,
    in_touch,
    line_of_sight,
    on_hill,
)
from aot_rules.tabletop.state import GameState, Piece, TerrainPiece


def place(state: GameState, pid: str, x: float, y: float, facing: float) -> GameState:
    return state.with_piece(replace(state.piece(pid), pose=Pose.of(x, y, facing)))


def board() -> GameState:
    return scenario("greek-border", 1)


def sees(state: GameState, shooter: str, target: str) -> str | None:
    why = line_of_sight(state, state.piece(shooter), state.piece(target))
    return None if why is None else str(why)


def test_open_ground_is_clear() -> None:
    s = board()
    assert sees(s, "A3", "B3") is None  # straight up the table, nothing between


def test_the_wood_blocks_sight_between_units_on_either_side() -> None:
    s = place(place(board(), "A4", 56, 19, 90), "B3", 44, 19, 270)  # east and west of the oak wood
    why = sees(s, "A4", "B3")
    assert why is not None and "Oak wood" in why
    assert sees(replace(s, terrain=()), "A4", "B3") is None


def test_a_target_wholly_inside_the_wood_may_be_seen() -> None:
    s = place(place(board(), "A4", 50, 10, 0), "B3", 50, 19, 180)  # B3: 48.4..51.6 × 19..20.6, in the wood
    assert sees(s, "A4", "B3") is None
    assert in_cover(s, s.piece("B3"), s.piece("A4")) is None  # 2.4 inches inside every edge: no cover
    s2 = place(s, "B4", 50, 24.6, 180)  # a target beyond the wood is hidden by it
    assert "Oak wood" in (sees(s2, "A4", "B4") or "")


def test_units_block_sight_unless_the_shooter_is_on_a_hill() -> None:
    s = place(place(place(board(), "A4", 12, 20, 0), "B1", 12, 32, 180), "A1", 12, 25, 0)
    assert on_hill(s, s.piece("A4")) and not on_hill(s, s.piece("A1"))
    assert sees(s, "A4", "B1") is None  # the archers on the hill see over the hoplites below
    off_hill = replace(s, terrain=())
    why = sees(off_hill, "A4", "B1")
    assert why is not None and "Athenian hoplites (A1)" in why


def test_a_hill_between_blocks_but_the_hill_one_stands_on_does_not() -> None:
    s = place(place(board(), "A4", 12, 10, 0), "B1", 12, 26, 180)  # the hill (14..22) lies between them
    assert "Hill of Delion" in (sees(s, "A4", "B1") or "")
    s2 = place(s, "B1", 12, 19, 180)  # the target stands on the hill: its own hill does not hide it
    assert on_hill(s2, s2.piece("B1"))
    assert sees(s2, "A4", "B1") is None


def test_a_target_just_inside_the_wood_edge_is_in_cover() -> None:
    s = place(place(board(), "A4", 50, 10, 0), "B3", 50, 15.5, 180)  # B3 reaches 0.5 inch into the wood
    assert in_cover(s, s.piece("B3"), s.piece("A4")) == Cover(CoverKind.INSIDE, "Oak wood", Terrain.WOOD)
    assert in_cover(board(), board().piece("B3"), board().piece("A3")) is None


def test_a_hedge_close_in_front_is_cover_not_a_block() -> None:
    hedge = TerrainPiece("Hedge", Terrain.HEDGE, rect(26, 29.5, 34, 30))  # 2 inches before B3's front (32)
    s = replace(board(), terrain=(*board().terrain, hedge))
    assert in_cover(s, s.piece("B3"), s.piece("A3")) is None  # 2 inches away it is no cover...
    assert "Hedge" in (sees(s, "A3", "B3") or "")  # ...but it hides the akontists
    near = TerrainPiece("Hedge", Terrain.HEDGE, rect(26, 31.2, 34, 31.7))  # 0.3 inch before them
    s2 = replace(board(), terrain=(*board().terrain, near))
    assert sees(s2, "A3", "B3") is None
    assert in_cover(s2, s2.piece("B3"), s2.piece("A3")) == Cover(CoverKind.BEHIND, "Hedge", Terrain.HEDGE)


def test_the_guard_of_a_camp_is_in_cover() -> None:
    s = place(board(), "B3", 30, 37, 180)  # in the Boeotian camp (26..34 × 36..40)
    assert in_cover(s, s.piece("B3"), s.piece("A3")) == Cover(CoverKind.CAMP)


# --- the cached, box-checked answers are the exact ones -----------------------------------------------------


def _plain_line_of_sight(state: GameState, shooter: Piece, target: Piece) -> str | None:
    """The sight rule written plainly, with no cache and no box test (what :func:`line_of_sight` must equal)."""
    own = set()
    for p in (shooter, target):
        c = p.polygon.centroid
        own |= {t.name for t in state.terrain if t.kind is Terrain.HILL and t.polygon.covers(c)}
    high = any(t.kind is Terrain.HILL and t.polygon.covers(shooter.polygon.centroid) for t in state.terrain)

    def inside(area: Polygon, p: Piece) -> bool:
        return bool(area.buffer(INSIDE_EPS).contains(p.polygon))

    blockers: list[tuple[str, Polygon]] = []
    for t in state.terrain:
        if not terrain_effect(t.kind, shooter.unit).blocks_sight or (t.kind is Terrain.HILL and t.name in own):
            continue
        if t.kind in SEEN_INSIDE and (inside(t.polygon, target) or inside(t.polygon, shooter)):
            continue
        if t.kind is Terrain.HEDGE and (t.polygon.distance(target.polygon) < COVER_DEPTH
                                        or t.polygon.distance(shooter.polygon) < COVER_DEPTH):
            continue
        blockers.append((f"the {t.name} ({label(t.kind)})", t.polygon))
    for side in state.sides:
        if not (inside(side.camp_polygon, target) or inside(side.camp_polygon, shooter)):
            blockers.append((f"the {side.name} camp", side.camp_polygon))
    for p in state.fighting():
        if p.id in (shooter.id, target.id):
            continue
        if high and not any(t.kind is Terrain.HILL and t.polygon.covers(p.polygon.centroid) for t in state.terrain):
            continue
        blockers.append((f"{p.name} ({p.id})", p.polygon))
    lines = sight_lines(shooter.pose, shooter.size, target.pose, target.size)
    for corner, line in zip(("left", "right"), lines, strict=True):
        for what, area in blockers:
            if crosses(line, area):
                return (f"{what} blocks the sight line from the front {corner} corner of {shooter.name} to "
                        f"{target.name}")
    return None


def test_cached_answers_equal_the_plain_rules_over_random_tables() -> None:
    """Random placements on greek-border with a hedge and a village added: sight, cover and contact from
    the cached, box-checked code equal the plain shapely answers (and contact is the plain distance test)."""
    rng = random.Random(11)
    extra = (TerrainPiece("Hedge", Terrain.HEDGE, rect(24, 20, 32, 20.5)),
             TerrainPiece("Village", Terrain.VILLAGE, rect(36, 6, 42, 12)))
    base = replace(board(), terrain=(*board().terrain, *extra))
    seen = covered = 0
    for _ in range(150):
        s = base
        for p in s.pieces:
            facing = rng.choice([0, 90, 180, 270, rng.uniform(0, 360)])
            s = place(s, p.id, rng.uniform(2, 58), rng.uniform(2, 38), facing)
        for a, b in zip(s.pieces, s.pieces[1:] + s.pieces[:1], strict=True):
            plain = _plain_line_of_sight(s, a, b)
            why = line_of_sight(s, a, b)
            assert (None if why is None else str(why)) == plain
            seen += plain is None
            cov = in_cover(s, b, a)
            covered += cov is not None
            assert (gap(a, b) == distance(a.polygon, b.polygon)) and in_touch(a, b) == (gap(a, b) < CONTACT)
    assert seen > 50 and covered > 5  # the cases are not all alike
