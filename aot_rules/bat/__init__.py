"""Batalist («БАТАЛИСТ»): fantasy mass battles with quality activation, order cards and magic.

  rules/         the rules by area (each: a played face and an exact face)
  mechanics/     its registry entries (typed parameters, exact outcome, played face)
  examples.py    the source's worked examples, replayed by the engine

It shares only the kernel (``aot_rules.core``) with Art of Tactics: nothing here imports
``aot_rules.aot``.
"""
