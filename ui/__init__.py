"""The Scorekeeper desktop app (PySide6)."""
