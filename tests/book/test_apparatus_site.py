"""Issue 24, parts 1, 2 and 6 in the built book: the rule index lists every rule with working links and
marks, the glossary and the general index are built and linked, rule badges are small links, the melee
chapter opens with Charging and the victory page gives the engine's nightfall odds."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urldefrag, urljoin

import pytest

from aot_rules.catalogue import RULES
from aot_rules.glossary import TERMS
from aot_rules.systems import all_mechanics

pytestmark = pytest.mark.slow


def _row(html: str, rule_id: str) -> str:
    m = re.search(rf'<tr[^>]*id="rule-{rule_id.lower()}"[^>]*>(.*?)</tr>', html, re.S)
    assert m, f"{rule_id}: no row in the rule index"
    return m.group(1)


def _target_exists(built: Path, page: Path, href: str) -> bool:
    url, frag = urldefrag(urljoin(page.relative_to(built).as_posix(), href))
    target = built / url
    return target.is_file() and (not frag or f'id="{frag}"' in target.read_text(encoding="utf-8"))


def test_the_rule_index_lists_every_rule_with_a_working_link(built_book: Path) -> None:
    page = built_book / "book" / "rule-index.html"
    html = page.read_text(encoding="utf-8")
    for r in RULES:
        row = _row(html, r.rule_id)
        assert r.rule_id in row and r.title.msgid.replace('"', "&quot;")[:20] in row.replace("“", '"'), r.rule_id
        href = re.search(r'href="([^"]+)"', row)
        assert href and _target_exists(built_book, page, href.group(1)), f"{r.rule_id}: {href}"
        assert href.group(1).endswith("#" + r.rule_id.lower()), f"{r.rule_id} links elsewhere: {href.group(1)}"


def test_the_rule_index_marks_calculators_and_animations(built_book: Path) -> None:
    page = built_book / "book" / "rule-index.html"
    html = page.read_text(encoding="utf-8")
    registered = {m.rule_id for m in all_mechanics()}
    for r in RULES:
        assert (">calculator<" in _row(html, r.rule_id)) == (r.rule_id in registered), r.rule_id
    animations = re.findall(r'href="([^"]+#animation-[a-z0-9-]+)"', html)
    assert len(animations) >= 5, "too few rules marked with an animation"
    for href in animations:
        assert _target_exists(built_book, page, href), href


def test_the_glossary_and_the_general_index_are_built_and_linked(built_book: Path) -> None:
    glossary = (built_book / "book" / "glossary.html").read_text(encoding="utf-8")
    for t in TERMS:
        anchor = "term-" + re.sub(r"[^A-Za-z0-9]+", "-", t.term).strip("-")
        assert f'id="{anchor}"' in glossary, t.term
        assert t.russian.split(" (")[0] in glossary, t.term
    genindex = (built_book / "genindex.html").read_text(encoding="utf-8")
    assert "density" in genindex and "AOT-SHOOT-HIT" in genindex
    for page in ("book/index", "book/rule-index", "book/glossary"):
        assert re.search(r'href="[^"]*genindex\.html"', (built_book / f"{page}.html").read_text()), page


def test_chapters_link_terms_to_the_glossary(built_book: Path) -> None:
    intro = (built_book / "book" / "intro.html").read_text(encoding="utf-8")
    assert re.search(r'href="glossary\.html#term-density"', intro)


def test_rule_badges_are_small_links_that_say_what_they_are(built_book: Path) -> None:
    html = (built_book / "book" / "shooting.html").read_text(encoding="utf-8")
    badges = re.findall(r'<a class="[^"]*aot-rule[^"]*" href="([^"]+)" title="([^"]+)"', html)
    source = (Path(__file__).resolve().parents[2] / "book" / "shooting.md").read_text(encoding="utf-8")
    written = [i for i in re.findall(r"\{rule\}`([^`]+)`", source) if "-EX-" not in i]
    rules = [(href, title) for href, title in badges if "worked example" not in title]
    assert len(rules) == len(written) >= 15, (len(rules), len(written))
    for href, title in rules:
        assert href.startswith("rule-index.html#rule-"), href
        assert "rule ID" in title, title
    turn = (built_book / "book" / "turn.html").read_text(encoding="utf-8")
    assert "still to be written" not in turn
    assert re.search(r'class="[^"]*aot-rule[^"]*" href="[^"]+#aot-cmd-initiative"', turn)


def test_melee_opens_with_charging_and_victory_gives_the_nightfall_odds(built_book: Path) -> None:
    melee = (built_book / "book" / "melee.html").read_text(encoding="utf-8")
    assert 0 < melee.index('id="melee-charging"') < melee.index('id="a-melee-at-a-glance"')
    victory = (built_book / "book" / "victory.html").read_text(encoding="utf-8")
    assert re.search(r"within <b>12 turns</b>: <details", victory)


def _between(html: str, start_id: str, end_id: str) -> str:
    """The built page's text from the section labelled ``start_id`` to the one labelled ``end_id``."""
    start, end = html.index(f'id="{start_id}"'), html.index(f'id="{end_id}"')
    assert start < end, (start_id, end_id)
    return html[start:end]


@pytest.mark.parametrize(("page", "start", "end", "drawer"), [
    ("intro", "aot-density", "aot-density-limits", "orders_svg"),
    ("shooting", "aot-shoot-arc-los", "aot-shoot-range", "arc_svg"),
    ("shooting", "aot-shoot-arc-los", "aot-shoot-range", "sight_svg"),
    ("shooting", "aot-shoot-cover", "aot-shoot-hit", "cover_svg"),
    ("melee", "aot-melee-flank", "aot-prop-veteran", "flank_svg"),
    ("demoralization", "aot-demo-targeting", "aot-demo-disorder", "targeting_svg"),
])
def test_the_table_top_diagrams_stand_where_their_rule_is_explained(built_book: Path, page: str, start: str,
                                                                     end: str, drawer: str) -> None:
    """Issue 24 part 6: the intro draws the three orders, and the shooting, melee and demoralization chapters
    show the table-top page's diagrams in the section of their rule, drawn by the same functions (the page
    holds exactly what the drawer returns today, so it is no copy)."""
    from aot_rules.present.diagrams import tabletop

    html = (built_book / "book" / f"{page}.html").read_text(encoding="utf-8")
    figure = getattr(tabletop, drawer)()
    svg = figure.split("</svg>")[0]
    assert svg in _between(html, start, end), f"{drawer} is not in {page}.html between {start} and {end}"
    assert re.search(r'role="img" aria-label="[^"]{12,}"', svg) and "<figcaption>" in figure


def test_the_victory_page_counts_how_the_engines_games_end(built_book: Path) -> None:
    """Issue 24 part 6: one row per shipped scenario; each row's shares of the four endings add up to all its
    games (to the rounding of whole percents), its mean length is within the scenario's day, and the number of
    games is said in the caption."""
    from aot_rules.tabletop.scenarios import SCENARIOS, scenario

    html = (built_book / "book" / "victory.html").read_text(encoding="utf-8")
    caption = re.search(r"<caption>How (\d+) games ended: (\d+) per scenario", html)
    assert caption, "no table of how the engine's games end"
    total, per = int(caption.group(1)), int(caption.group(2))
    assert total == per * len(SCENARIOS) and per >= 10
    table = html[caption.start():html.index("</table>", caption.start())]
    for name in SCENARIOS:
        row = re.search(rf"<tr><td>{name}<br>.*?</tr>", table, re.S)
        assert row, f"{name}: no row"
        shares = [int(s) for s in re.findall(r"<td>(\d+)%</td>", row.group(0))]
        assert len(shares) == 4, row.group(0)
        assert abs(sum(shares) - 100) <= 2, (name, shares)
        mean = float(re.findall(r"<td>([\d.]+)</td></tr>", row.group(0))[-1])
        assert 1 <= mean <= scenario(name).last_turn
    assert re.search(r"The most common ending was <b>[a-z ]+</b> \(\d+% of all games\)", html)


def test_the_general_index_has_the_rulebook_nouns(built_book: Path) -> None:
    """Issue 38: 83 headwords were too few to look anything up; with the rulebook's nouns (INDEX_NOUNS) there are
    at least 150, and "elephant", "pike" and "stakes" lead to their rules' pages."""
    from aot_rules.glossary import INDEX_NOUNS

    genindex = (built_book / "genindex.html").read_text(encoding="utf-8")
    # a glossary term is its entry's main one, in bold: <a …><strong>camp</strong></a>
    words = {m.strip().lower() for m in re.findall(r'<li><a href="[^"]*">(?:<strong>)?([^<\[]+)(?:</strong>)?</a>',
                                                    genindex)}
    assert len(words) >= 150, len(words)
    for noun in ("elephant", "pike", "stakes", "chariot", "flank", "armour", "camp"):
        assert noun in words, noun
    assert {n.lower() for n in INDEX_NOUNS} <= words
