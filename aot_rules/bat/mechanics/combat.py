"""Batalist: registry entries (combat)."""

from __future__ import annotations

from aot_rules.core.registry import Registry


def register(reg: Registry) -> None:
    """Add this area's mechanics to ``reg``."""
