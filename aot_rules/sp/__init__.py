"""A 19th-century skirmish game, known only from a fragment (sections 5–8 of a translated
rulebook): blinds and spotting, action dice of movement, shooting and Shock, Heroes, melee.

  rules/         the rules by area, each with a played face (rolling a ``DiceSource``) and an
                 exact face (a ``Dist`` of Fractions):
                   troops.py     the shared vocabulary: Heroes and Men, Groups, Formations, quality
                   blinds.py     hidden troops on cards, dummies, terrain that hides (no dice)
                   movement.py   action dice of inches, the formation table, rough ground, facing
                   spotting.py   the 2d6 spotting roll, its modifiers, automatic spotting
                   shooting.py, heroes.py, shock.py, melee.py   fire, wounds, Shock and melee
  mechanics/     the registry entries (typed parameters, exact outcome, played face), one module
                 per area; numbers the source leaves blank are inputs marked ``blank``
  examples/      the source's worked examples, replayed by the engine, one module per area

It shares only the kernel (``aot_rules.core``) with Art of Tactics: nothing here imports
``aot_rules.aot``.
"""
