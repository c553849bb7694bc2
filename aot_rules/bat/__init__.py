"""Batalist («БАТАЛИСТ»): fantasy mass battles with quality activation, order cards and magic.

The one companion system whose source is a whole (short) rulebook.  Its rolls are all d6:
three dice against Quality for activation and morale, one die plus a stat against one die
plus a stat for initiative and damage.

  rules/         the rules by area, each with an exact face (``Dist``) and a played face
                 (rolls a ``DiceSource``): ``profile`` (the shared vocabulary: Quality,
                 skills, orders), ``table`` (steps, bases, zones, terrain, set-up), ``turn``
                 (orders phase, initiative, passing), ``activation``, ``combat``, ``morale``,
                 ``skills``, ``magic`` (the index's entries, and how completely the source
                 states each, are in the package-wide catalogue, ``aot_rules.catalogue``)
  mechanics/     the registry entries (typed parameters, exact outcome, played face), by area
  examples/      the source's illustrations, replayed or decided by the engine, by area

It shares only the kernel (``aot_rules.core``) with Art of Tactics: nothing here imports
``aot_rules.aot``.
"""
