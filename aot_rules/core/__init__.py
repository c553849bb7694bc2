"""The generic core, shared by every rule system and knowing none of them.

  dist.py      the exact distribution type (Fractions only)
  dice.py      dice sources (seeded, scripted) and their event log
  events.py    the generic events (a die rolled) every system's events build on
  errors.py    RuleError and ParamError, carrying a rule ID
  params.py    typed parameter records and the one number grammar
  outcome.py   what an exact evaluation returns
  registry.py  Mechanic and Registry
  format.py    fractions, percentages, plain-ASCII fallbacks
"""
