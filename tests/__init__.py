"""The test suite (a package, so tests/ui never shadows the ui package)."""
