"""Art of Tactics (А. Калинин, 2006): the primary rule system.

  equipment.py   missile and hand-to-hand weapons
  units.py       the unit: ranks, density, states, protections, weapons, properties
  events.py      what its rules report as they are played
  rules/         the rules by area: shooting, reactions, melee, demoralization,
                 disorder, protection, movement (each: a played face and an exact face)
  mechanics/     its registry entries (typed parameters, exact outcome, played face)
  examples.py    the rulebook's worked examples, replayed with the printed dice
"""
