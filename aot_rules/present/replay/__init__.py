"""The replay viewer: a recorded table-top run shown step by step in a static page.

``record`` reads the game record (the one seam with the engine's log), ``model`` holds the frames that
are shipped as JSON, ``draw`` turns a game state into SVG from the engine's own geometry, ``build``
records a run and makes its frames, ``html`` writes the viewer (markup, data, script and styles), and
``scenes`` are the book's scripted example runs.  The engine never imports this package.
"""
