"""Independent oracles for the Art of Tactics dice mechanics, written from the rules index.

Each module reads one area of the index (/work/shared/rules-index.md) and computes exact laws by
enumerating every face of every die (``itertools.product`` over 1..6) and applying the rules as the
index words them, with the index's default Readings (and the engine's documented engineering readings
from book/readings.md where the index is silent). Probabilities are ``fractions.Fraction`` counts over
6**n.

Nothing in this package imports the engine (``aot_rules``): the oracles share no predicate with it, so
tests/aot/test_oracles.py can hold the engine's answers against an independent reading of the rules.
"""
