"""The table-top engine's home: game state (table, terrain, units as bases with position and
facing, armies and their command) and its geometry, built on shapely.

Empty for now by design: the movement, command and table-top issues fill it.  The rules it
will call already live with their systems (``aot_rules.aot.rules``), and it will report what
happens through the same event log (``aot_rules.core.events``) the worked examples read.
"""
