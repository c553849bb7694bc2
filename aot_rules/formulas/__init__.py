"""The mathematics behind every widget, derived with sympy from the same rules the engine uses.

This is a face, like the widgets: it imports sympy, so the odds path (standard library only, run in
Pyodide) never imports it; ``aot_rules.present.page`` imports it lazily, at build time only.
``catalogue`` classifies each mechanic (closed form, generating function, recursion, point mass),
``symbolic`` reads a dice procedure's law in sympy (the third interpreter, beside the player and the exact
evaluator), ``aot_forms`` and ``played`` derive the formulas, ``general`` writes them in a mechanic's own inputs,
``tree`` walks a played rule's dice, ``check``
compares a derivation with the engine and ``html`` writes the "Show the mathematics" block.
"""
