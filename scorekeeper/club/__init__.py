"""Club nights: many tables recording into one PostgreSQL database.

``server`` runs the embedded PostgreSQL, ``schema`` migrates the club database, ``admin``
creates events, tables and rounds, ``joincode`` carries how a table connects, ``record``
builds what a table pushes for a hand, ``outbox`` and ``sync`` push it, ``standings``
reads the views and follows them, ``replay`` re-judges a stored hand; ``formats`` holds
the tournament formats (each declared by its game), their movements and standings.
"""
