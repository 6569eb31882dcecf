"""Scorekeeper: rules, rulings and scores for card games played at a real table."""

__version__ = "0.1.0"
