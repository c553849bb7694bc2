"""The skirmish fragment: the rules by area."""
