"""Exact dice: the distribution type and the sources of rolled dice."""

from aot_rules.dice.dist import Dist, fraction_str, percent_str
from aot_rules.dice.rolls import DiceSource, FixedDice, SeededDice

__all__ = ["DiceSource", "Dist", "FixedDice", "SeededDice", "fraction_str", "percent_str"]
