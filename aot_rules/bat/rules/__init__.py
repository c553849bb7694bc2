"""Batalist: the rules by area."""
