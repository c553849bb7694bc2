"""The browser tests: the built book in headless Chromium (one Chromium set-up, ``chromium.py``)."""
