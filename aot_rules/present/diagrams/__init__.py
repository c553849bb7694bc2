"""Static diagrams of the geometric rules (the wheel, crossing a wood, evasion, …), drawn from shapely
geometry into SVG.  Each rules area has its own module; :mod:`.canvas` holds what they share."""
