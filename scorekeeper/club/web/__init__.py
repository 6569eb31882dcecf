"""The club night's web pages, served by ``scorekeeper club serve`` to the players' phones:
a surface over the same club database and engine the tables' laptops use."""
