"""The table-top engine: units on bases on a 40×60″ table, measured with shapely, played turn by turn.

``state`` holds the immutable game state, ``geometry`` every measurement, ``game`` the dice and the
transaction that runs an action, ``scenarios`` the built-in battles; the rules themselves stay in
:mod:`aot_rules.aot.rules`, and the engine calls the same functions the odds calculators use.
"""
