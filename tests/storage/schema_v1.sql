-- A database exactly as the first schema (version 1) wrote it: two matches and their events.
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    preset TEXT NOT NULL,
    options TEXT NOT NULL,
    players TEXT NOT NULL,
    first_dealer INTEGER NOT NULL,
    played_on TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    hand INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    event TEXT NOT NULL,
    UNIQUE (match_id, hand, seq)
);
INSERT INTO matches VALUES
    (1, 'Friday euchre', 'euchre', 'standard', '{}', '["Ann","Ben","Cy","Di"]', 0, '2024-03-01', '2024-03-01T19:00:00+00:00'),
    (2, 'Jack night', 'california_jack', 'first_to_ten', '{}', '["Ann","Eve"]', 1, '2024-03-02', '2024-03-02T20:00:00+00:00');
INSERT INTO events (match_id, hand, seq, dealer, event) VALUES
    (1, 0, 0, 0, '{"kind":"upcard","card":"JH"}'),
    (1, 0, 1, 0, '{"kind":"pass","seat":1}'),
    (1, 0, 2, 0, '{"kind":"order_up","seat":2}'),
    (1, 1, 0, 1, '{"kind":"result","data":{"makers":0,"tricks":3}}'),
    (2, 0, 0, 1, '{"kind":"trump_card","card":"7S"}'),
    (2, 0, 1, 1, '{"kind":"play","seat":0,"card":"10H"}');
PRAGMA user_version = 1;
