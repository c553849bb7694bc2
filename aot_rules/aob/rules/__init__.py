"""Age of Battles (corrections): the rules by area."""
