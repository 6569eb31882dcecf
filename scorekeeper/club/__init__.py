"""Club nights: many tables recording into one shared database, and tournament formats."""
