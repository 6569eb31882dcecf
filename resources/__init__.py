"""The files the app ships: the schema of match files, fonts, icons.

This folder installs as the data package ``scorekeeper.resource_files``; the engine finds
its files with :mod:`scorekeeper.resources`.
"""
