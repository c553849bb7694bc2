"""Registry entries: each module registers the dice mechanics of one rules area.

Importing this package fills ``aot_rules.registry.REGISTRY``.
"""

from aot_rules.mechanics import disorder, melee, reactions, shooting  # noqa: F401
