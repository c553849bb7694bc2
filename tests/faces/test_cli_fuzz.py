"""The CLI contract under fuzzing, run in process (``aot_rules.cli.main``) so hundreds of examples stay fast.

The contract (issue "Engine architecture", item 7): every option of every mechanic refuses a bad value with
exit 2 and one ``error:`` line on standard error that names the option; numbers are parsed the same way in
every option; absurd magnitudes are refused at once; ``odds --list`` advertises only values that can succeed;
never a traceback; success exits 0 with standard output only.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import itertools
import json
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import FAST_TIER, cycle_collector_paused, legal_combo

from aot_rules.cli import main
from aot_rules.core.errors import RuleError
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import Param, params_of
from aot_rules.core.registry import Mechanic
from aot_rules.systems import all_mechanics

MECHANICS = all_mechanics()
FRACTION_RE = re.compile(r"^(0|1|[1-9][0-9]*/[1-9][0-9]*)$")
#: One call may take this much CPU time at most: an absurd value must be refused at once, not computed.  The CPU
#: time of the calling thread, with the garbage collector paused (:func:`run`): on a machine shared with other work
#: (or with pytest-xdist's other worker) the wall time of a quick answer reached 6 s; and a worker's heap grows to
#: millions of objects over the suite, so a collection that happens to fall inside a 1 ms call took up to 4 s of
#: the call's CPU time (twice in one CI run).
SLOW = 2.0

#: Strings no option accepts, whatever its kind.
HOSTILE = ("1e999999", "99999999999999999999", "9" * 400, "nan", "inf", "-inf", "٣", "３", "1_000", "", " ", "\t",
           "x" * 10_000, "4" * 10_000, os.fsdecode(b"\xff"), "1/0", "4,,4", ":", "-1", "0x10", "1e3", "½", "4\n4",
           "sword:3,lance", "\x00", "None", "true")
#: Strings some options accept: the number grammar's corners, ranks and mixes of every shape.
ODD = ("-0", "+3", "3.0", " 4 ", "9999", "9999/9999", "0", "0,0", "4,4,4", "4,4", "1,10", "5,5", "sword:3",
       "sword:3,shooter:1", "sword:0", "sword:9999", "lance:4", "sword:2,sword:2", "SWORD", "Sword", "2.5", "5/2",
       "0.0001", "30.0001", "9.5", "1/3")
JUNK_OPTIONS = ("--bogus", "--", "-", "-x", "--json=1", "--list", "--help=no", "--no-json", "--firers-", "--a-",
                "--target", "positional", "٣", os.fsdecode(b"\xff"), "--" + "x" * 5000, "a\nb", "--x\u2028",
                "\x1b[2J", "--bogus=\r")


def spell(p: Param, v: Any) -> str:
    """A valid value as the CLI spells it."""
    if v is None:
        return ""
    if p.kind == "ranks":
        return ",".join(map(str, v))
    if p.kind == "mix":
        return ",".join(f"{w}:{n}" for w, n in v)
    if p.kind == "inches":
        f = Fraction(v)
        return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
    return str(getattr(v, "value", v))


def boundary(p: Param) -> list[str]:
    """Values at and just beyond the edges of what ``p`` declares."""
    if p.kind == "int":
        lo, hi = int(p.lo or 0), int(p.hi or 0)
        return [str(x) for x in (lo - 1, lo, hi, hi + 1, 0, -1, 10_000)]
    if p.kind == "inches":
        lo, hi = Fraction(p.lo or 0), Fraction(p.hi or 0)
        return [spell(p, x) for x in (lo, hi, lo - Fraction(1, 10), hi + Fraction(1, 10_000))] + [f"{float(hi):.4f}"]
    if p.kind == "choice":
        return [p.choices[0].upper(), p.choices[-1] + " ", p.choices[0][:-1]]
    if p.kind == "ranks":
        return ["0", "1", "10", "5,5", "1,10", "10,10", "9999,9999", "4,0", "0,4"]
    if p.kind == "mix":
        return ["sword:4", "shooter:1,sword:3", "lance:1", "sword:1,sword:1,sword:1,sword:1", "sword:-1"]
    return []


def valid(p: Param) -> list[str]:
    vals = {spell(p, v) for v in p.values() if v is not None}
    if p.default is not None:
        vals.add(spell(p, p.default))
    if p.kind == "choice":
        vals.update(p.choices)
    if p.kind == "int":
        vals.update(str(x) for x in range(int(p.lo or 0), int(p.hi or 0) + 1))
    elif p.kind == "inches":
        vals.update(("0.5", "1", "2.5", "4", "7/2", "6"))
    elif p.kind == "ranks":
        vals.update(("1", "2", "4", "2,2", "3,3", "4,4", "5,5", "4,3"))
    elif p.kind == "mix":
        vals.update(("sword:4", "spear:2,sword:2", "shooter:1,sword:3"))
    return sorted(vals)


@st.composite
def mechanic_name(draw: st.DrawFn, m: Mechanic[Any]) -> str:
    name = draw(st.sampled_from([m.rule_id, m.key]))
    return draw(st.sampled_from([name, name.lower(), name.upper(), name.swapcase()]))


@st.composite
def option(draw: st.DrawFn, p: Param, clean: bool) -> list[str]:
    if p.kind == "bool":
        flag = draw(st.sampled_from([p.flag, "--no-" + p.flag[2:]]))
        if not clean and draw(st.integers(0, 9)) == 0:
            return [f"{flag}={draw(st.sampled_from(HOSTILE + ODD))}"]
        return [flag]
    values = st.sampled_from(valid(p))
    if not clean:
        values = st.one_of(values, st.sampled_from(boundary(p)), st.sampled_from(HOSTILE), st.sampled_from(ODD),
                           st.text(max_size=12))
    value = draw(values)
    if draw(st.booleans()):
        return [f"{p.flag}={value}"]
    return [p.flag, value]


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    """``odds MECHANIC [options]``: half the time only valid values (so answers get checked too), half the
    time with boundary and hostile values, unknown options and odd spellings of the mechanic."""
    m = draw(st.sampled_from(MECHANICS))
    clean = draw(st.booleans())
    name = draw(st.sampled_from([m.rule_id, m.rule_id.lower(), m.key])) if clean else draw(mechanic_name(m))
    args = ["odds", name]
    chosen = draw(st.lists(st.sampled_from(m.inputs), max_size=8)) if m.inputs else []  # duplicates on purpose
    for p in chosen:
        args += draw(option(p, clean))
    if not clean and draw(st.integers(0, 3)) == 0:
        args.insert(draw(st.integers(2, len(args))), draw(st.one_of(st.sampled_from(JUNK_OPTIONS), st.text())))
    if draw(st.booleans()):  # anywhere when hostile, even between an option and its value
        args.insert(len(args) if clean else draw(st.integers(2, len(args))), "--json")
    return args


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float
    outcome: Outcome | None


@contextlib.contextmanager
def recording() -> Iterator[list[Outcome]]:
    """Record the Outcome each ``Mechanic.evaluate`` returns, so the JSON can be checked against its events."""
    seen: list[Outcome] = []
    original = Mechanic.evaluate

    def evaluate(self: Mechanic[Any], **kwargs: Any) -> Outcome:
        out = original(self, **kwargs)
        seen.append(out)
        return out

    Mechanic.evaluate = evaluate  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        Mechanic.evaluate = original  # type: ignore[method-assign]


def run(args: list[str]) -> Run:
    out, err = io.StringIO(), io.StringIO()
    # the call's own work is timed, not a collection of the whole suite's heap (see SLOW)
    with recording() as seen, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            cycle_collector_paused():
        start = time.thread_time()
        code = main(args)
        seconds = time.thread_time() - start
    return Run(code, out.getvalue(), err.getvalue(), seconds, seen[-1] if seen else None)


def check_contract(args: list[str], r: Run) -> None:
    shown = [a[:60] for a in args]
    if len(args) > 1 and any(args[1].upper() == m.rule_id or args[1] == m.key for m in MECHANICS):
        assert "unknown mechanic" not in r.err, (shown, r.err)
    assert r.seconds < SLOW, (shown, f"{r.seconds:.2f} s")
    assert r.code in (0, 2), (shown, r.code, r.err)
    assert "Traceback" not in r.out + r.err, shown
    if r.code == 2:
        assert r.out == "", shown
        assert r.err.startswith("error: "), (shown, r.err)
        assert r.err.endswith("\n") and r.err.count("\n") == 1, (shown, r.err)
        assert len(r.err.splitlines()) == 1, (shown, r.err)
        return
    assert r.err == "", (shown, r.err)
    assert r.out.strip(), shown
    if "--json" in args and "--list" not in args:
        check_json(args, r)


def check_json(args: list[str], r: Run) -> None:
    doc = json.loads(r.out)
    assert r.outcome is not None
    # a fact beside the answer (info) may be an object of codes and numbers too; it is no law
    laws = [k for k, v in doc.items() if isinstance(v, dict) and k not in r.outcome.groups and k not in r.outcome.info]
    assert "distribution" in laws and set(r.outcome.dists) <= set(laws), (args, laws)
    for k in laws:
        law = doc[k]
        assert law and all(isinstance(v, str) and FRACTION_RE.match(v) for v in law.values()), (k, law)
        assert sum(Fraction(v) for v in law.values()) == 1, (args, k, law)
    for name in r.outcome.events:
        v = doc[name]
        assert isinstance(v, str) and FRACTION_RE.match(v) and 0 <= Fraction(v) <= 1, (args, name, v)
    for name, members in r.outcome.groups.items():  # families of events: each a chance, not a law
        assert set(doc[name]) == set(members), (args, name)
        assert all(FRACTION_RE.match(v) and 0 <= Fraction(v) <= 1 for v in doc[name].values()), (args, name)


# --- the whole CLI, fuzzed ---------------------------------------------------------------------

@pytest.mark.slow  # 500 whole-CLI examples: the full tier (make test)
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(argv())
def test_fuzz_every_mechanic_and_option(args: list[str]) -> None:
    check_contract(args, run(args))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(("odds", "--list", "--json", "--help", "-h", "shoot", "melee")),
                          st.sampled_from(JUNK_OPTIONS + HOSTILE), st.text(max_size=8)), max_size=5))
def test_fuzz_the_command_line_around_the_mechanics(args: list[str]) -> None:
    r = run(args)
    assert r.seconds < SLOW
    assert r.code in (0, 2), (args, r.code, r.err)
    assert "Traceback" not in r.out + r.err
    if r.code == 2:
        assert r.out == "" and r.err.startswith("error: ") and r.err.count("\n") == 1, (args, r.err)
    else:
        assert r.err == "" and r.out.strip(), args
        if args[:2] in (["odds", "--list"], ["odds", "--json"]) and "--json" in args:
            json.loads(r.out)


@pytest.mark.parametrize("args", [
    ["odds", "shoot", "a\nb"], ["odds", "shoot", "--firers", "3", "\u2028"], ["odds", "shoot", "\x85"],
    ["odds", "--list", "a\nb"], ["odds", "--list", "\x1b[31m"], ["odds", "a\rb"], ["a\nb"],
    ["odds", "shoot", "--veteran=" + "x" * 5000], ["odds", "shoot", "y" * 5000],
    ["odds", "melee", "--a-mix", "ro\nck:4"], ["odds", "melee", "--a-mix", "\u2029:4"],
    ["odds", "shoot", os.fsdecode(b"--\xff")], ["odds", "shoot", "--firers"],
    ["odds", "shoot", "--firers", "-x"], ["odds", "shoot", "--firers=3", "--firers", "--json"],
], ids=repr)
def test_refusals_of_typed_junk_stay_one_short_printable_line(args: list[str]) -> None:
    r = run(args)
    check_contract(args, r)
    assert r.code == 2
    assert len(r.err) < 1000 and r.err[:-1].isprintable(), r.err


@pytest.mark.parametrize("m", MECHANICS, ids=lambda m: m.rule_id)
def test_every_mechanic_has_help(m: Mechanic[Any]) -> None:
    r = run(["odds", m.key, "--help"])
    assert (r.code, r.err) == (0, "")
    assert r.out.startswith("usage:") and all(p.flag in r.out for p in m.inputs)


# --- every option, every mechanic: a bad value is refused by name -------------------------------

def flags(m: Mechanic[Any], combo: dict[str, Any], leave_out: str) -> list[str]:
    out: list[str] = []
    for p in m.inputs:
        v = combo[p.name]
        if p.name == leave_out or v is None:
            continue
        out += [p.flag if v else "--no-" + p.flag[2:]] if p.kind == "bool" else [p.flag, spell(p, v)]
    return out


OPTIONS = [(m, p) for m in MECHANICS for p in m.inputs if p.kind != "bool"]
#: Besides HOSTILE: values each kind refuses, within the grammar or not.
REFUSED_BY_KIND = {"int": ("9999", "2.5", "1/3", "4,4"), "inches": ("9999", "4,4", "1/3/4"),
                   "choice": ("9999", "SWORD", "bow,sword"), "ranks": ("9999", "4,4,4", "2.5", "-1,4", "99999,4"),
                   "mix": ("9999", "sword", "sword:2.5", "sword:-1", "sword:3,," + "x" * 300)}


#: The hostile values every option is tried with (the fuzz test draws from all of HOSTILE).
HANDFUL = ("1e999999", "99999999999999999999", "nan", "inf", "٣", "３", "1_000", "", " ", "x" * 10_000,
           os.fsdecode(b"\xff"), "1/0", "4,,4", ":", "-1", "4\n4")


#: The fast tier tries every FAST_SHARE-th of those values on each option, from an offset that moves from one option
#: to the next, so that the run still meets every value on many options of every kind; the full tier tries all.
FAST_SHARE = 3


@pytest.mark.parametrize(("k", "m", "p"), [(k, m, p) for k, (m, p) in enumerate(OPTIONS)],
                         ids=[f"{m.rule_id}{p.flag}" for m, p in OPTIONS])
def test_every_option_refuses_hostile_values_by_name(k: int, m: Mechanic[Any], p: Param) -> None:
    base = flags(m, legal_combo(m), p.name)
    values = list(enumerate(HANDFUL + REFUSED_BY_KIND[p.kind]))
    for i, value in values[k % FAST_SHARE::FAST_SHARE] if FAST_TIER else values:
        if value == "-1" and p.lo is not None and p.lo <= -1:
            continue  # a modifier or a target number may be negative: -1 is a legal value there
        spelled = [p.flag, value] if i % 2 else [f"{p.flag}={value}"]
        args = ["odds", m.rule_id, *base, *spelled, "--json"]
        r = run(args)
        check_contract(args, r)
        assert r.code == 2, (value[:60], r.out[:200])
        assert p.flag in r.err, (value[:60], r.err)


#: Values inside every option's grammar that the rules refuse: the refusal must still name the option.
SEMANTIC = [(m, p, v) for m, p in OPTIONS for v in {"ranks": ("0", "0,0", "11"), "mix": ("sword:0", "sword:11")}
            .get(p.kind, ())]
@pytest.mark.parametrize(("m", "p", "value"), [
    pytest.param(m, p, v, id=f"{m.rule_id}{p.flag}={v}") for m, p, v in SEMANTIC])
def test_rule_refusals_name_the_option(m: Mechanic[Any], p: Param, value: str) -> None:
    args = ["odds", m.rule_id, *flags(m, legal_combo(m), p.name), p.flag, value]
    r = run(args)
    check_contract(args, r)
    assert r.code == 2, r.out[:200]
    assert p.flag in r.err, r.err


# --- `odds --list` advertises only values that can succeed -------------------------------------

def candidates(p: Param) -> list[Any]:
    """Values worth trying for an input while searching for a legal combination."""
    vals = [p.default, *p.values()]
    if p.kind == "bool":
        vals += [False, True]
    elif p.kind == "ranks":
        vals += [(1,), (2,), (3,), (4,), (2, 2), (3, 3), (4, 4)]
    elif p.kind == "int":
        vals += [p.lo, p.hi]
    elif p.kind == "choice":
        vals += list(p.choices)
    return list(dict.fromkeys(vals))


def refusal(m: Mechanic[Any], combo: dict[str, Any]) -> RuleError | None:
    """Why ``combo`` is refused, or None if it succeeds."""
    try:
        m.evaluate(**{k: v for k, v in combo.items() if v is not None})
    except RuleError as e:
        return e
    return None


#: How far the search below goes: changes on top of a starting point, points kept per step, grid points tried.
DEPTH, WIDTH, GRID = 3, 1000, 500


def a_success(m: Mechanic[Any], name: str, value: Any, limited: bool = True) -> dict[str, Any] | None:
    """Some legal combination of the other inputs with ``name`` set to ``value``, or None.

    ``limited=False`` searches the mechanic as if its registered limit on ``name`` were lifted (the
    input as its record declares it), to show that the values a limit removes could never succeed.

    A search guided by the refusals themselves: from the defaults and a few grid points, each refused
    combination is changed in the inputs its refusal names (a lance refused for foot names ``a_mounted``;
    then the unit size names ``a_ranks``), or in any other input when it names only ``name``; up to
    DEPTH changes.  Failing that, up to GRID combinations of the mechanic's grid, evenly spread.
    """
    if not limited:
        declared = next(p for p in params_of(m.record_type) if p.name == name)
        m = dataclasses.replace(m, params=tuple(declared if p.name == name else p for p in m.params))
    others = {p.name: p for p in m.inputs if p.name != name}
    grid = list(itertools.islice(m.grid(), 0, None, 97))[:20]
    frontier = [{p.name: p.default for p in m.inputs}, *grid]
    seen: set[frozenset[tuple[str, Any]]] = set()
    for _ in range(DEPTH):
        after: list[dict[str, Any]] = []
        for combo in frontier:
            combo = {**combo, name: value}
            key = frozenset(combo.items())
            if key in seen:
                continue
            seen.add(key)
            e = refusal(m, combo)
            if e is None:
                return combo
            blamed = [others[n] for n in e.params if n in others] or list(others.values())
            after += [{**combo, q.name: x} for q in blamed for x in candidates(q) if x != combo[q.name]]
        frontier = after[:WIDTH]
    size = 1
    for p in m.inputs:
        size *= len(p.values())
    for combo in itertools.islice(m.grid(), 0, None, max(1, size // GRID)):
        if refusal(m, {**combo, name: value}) is None:
            return {**combo, name: value}
    return None


def advertised() -> list[tuple[Mechanic[Any], Param, Any]]:
    out: list[tuple[Mechanic[Any], Param, Any]] = []
    for m in MECHANICS:
        for p in m.inputs:
            if p.kind == "int":
                out += [(m, p, v) for v in range(int(p.lo or 0), int(p.hi or 0) + 1)]
            elif p.kind == "choice":
                out += [(m, p, v) for v in p.choices]
            elif p.kind == "inches":
                out += [(m, p, Fraction(p.lo or 0)), (m, p, Fraction(p.hi or 0))]
    return out


def _inner(p: Param, v: Any) -> bool:
    """An int strictly between its bounds: the fast tier tries each int option's two ends (and every choice and
    every inches bound), the full tier every value in between as well."""
    return p.kind == "int" and int(p.lo or 0) < v < int(p.hi or 0)


@pytest.mark.parametrize(("m", "p", "value"), [
    pytest.param(m, p, v, id=f"{m.rule_id}-{p.name}={v}", marks=[pytest.mark.slow] if _inner(p, v) else [])
    for m, p, v in advertised()])
def test_list_advertises_only_values_that_can_succeed(m: Mechanic[Any], p: Param, value: Any) -> None:
    combo = a_success(m, p.name, value)
    assert combo is not None, f"{m.rule_id} advertises {p.flag} {value} but no combination of the others succeeds"
    args = ["odds", m.rule_id, *flags(m, {**{q.name: None for q in m.inputs}, **combo}, ""), "--json"]
    r = run(args)
    check_contract(args, r)
    assert r.code == 0, (args, r.err)


LIMITED = [(m, name) for m in MECHANICS for name in m.limits]


@pytest.mark.slow  # every value of a limited input over the mechanic's whole grid: the full tier
@pytest.mark.parametrize(("m", "name"), LIMITED, ids=[f"{m.rule_id}-{n}" for m, n in LIMITED])
def test_registered_limits_remove_exactly_the_values_that_never_succeed(m: Mechanic[Any], name: str) -> None:
    """A variant's limit narrows what it advertises to what can succeed, and no further."""
    before = next(p for p in params_of(m.record_type) if p.name == name)  # as declared, before any limit
    after = m.param(name)
    if after.kind == "choice":
        for c in set(before.choices) - set(after.choices):
            assert a_success(m, name, c, limited=False) is None, (name, c)
        kept: list[Any] = list(after.choices)
    else:
        beyond = Fraction(after.hi or 0) + Fraction(1, 10_000)
        assert beyond <= Fraction(before.hi or 0)
        assert a_success(m, name, beyond, limited=False) is None
        kept = [Fraction(after.lo or 0), Fraction(after.hi or 0)]
    for v in kept:
        assert a_success(m, name, v) is not None, (name, v)


def test_list_json_is_what_the_registry_advertises() -> None:
    r = run(["odds", "--list", "--json"])
    check_contract(["odds", "--list", "--json"], r)
    listed = {d["rule_id"]: d for d in json.loads(r.out)["mechanics"]}
    for m in MECHANICS:
        for p, q in zip(m.inputs, listed[m.rule_id]["params"], strict=True):
            assert q["flag"] == p.flag
            if p.kind == "int":
                assert (q["min"], q["max"]) == (p.lo, p.hi)
            if p.kind == "choice":
                assert q["choices"] == list(p.choices)
