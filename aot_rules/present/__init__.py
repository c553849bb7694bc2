"""Faces of the engine: tables, static Bokeh widgets, live ipywidgets, unit pictures.

Nothing here decides a rule; it only shows what ``aot_rules.rules`` and the
registry compute.
"""
