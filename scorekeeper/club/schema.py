"""The club database's schema, versioned like the match database's.

:data:`MIGRATIONS` holds every step from an empty database; :func:`migrate` applies the
missing ones in one transaction and refuses, untouched, a database of a newer schema.

Security lives here, in PostgreSQL itself: each event has a director role, a board role,
a readers' role and one role per table, members of the group roles ``club_director``,
``club_board``, ``club_reader`` and ``club_table``. Row-level security lets a table's
role see its own event and write only its own table's matches while their round is open;
the board reads its event; the director reads and steers its event; the readers' role
reads one player's night, given the player's key, and nothing else. Standings are views (one per scoring kind) over
``hand_points``, which a trigger keeps from the latest revision of each hand.
"""

from __future__ import annotations

import psycopg

GROUPS = ("club_director", "club_board", "club_table", "club_reader")
CHANNEL = "club_standings"  # NOTIFY channel; the payload is the event's notify key
ARRIVALS = "club_arrivals"  # NOTIFY channel: a table's hand waits for the referee
MAX_TABLES = 250  # the most table logins an event's director may have made
MAX_SEATS = 10  # the most players' lines a hand record has
MAX_HAND_REVISIONS = 500  # the most revisions of one hand a table may send
MAX_TABLE_MATCHES = 20  # the most matches a table may start in one round
TABLE_CONNECTIONS = 4  # connections one table's login may hold at once
BOARD_CONNECTIONS = 20  # connections an event's board login may hold (many screens)
STATEMENT_TIMEOUT = "15s"  # a table's or a board's statement, at most
IDLE_TIMEOUT = "60s"  # a table's or a board's transaction left idle, at most
DIRECTOR_FINAL = "the director corrected this hand; the correction stands"
READER_CONNECTIONS = 20  # connections an event's readers' login may hold (players' phones)
MAX_CALL_LINES = 40  # the most lines of evidence a table's call to the director holds
MAX_CALL_BYTES = 16 * 1024  # and their size, at most
MAX_TABLE_CALLS = 50  # the most calls a table may make in one round

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: events, tables, rounds, matches, every revision of each hand, standings
    (
        """DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_director') THEN
                CREATE ROLE club_director NOLOGIN; END IF;
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_board') THEN
                CREATE ROLE club_board NOLOGIN; END IF;
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_table') THEN
                CREATE ROLE club_table NOLOGIN; END IF;
        END $$""",
        "REVOKE ALL ON SCHEMA public FROM PUBLIC",
        "CREATE SCHEMA club",
        """CREATE TABLE club.events (
            event_id text PRIMARY KEY,
            name text NOT NULL,
            director_role text NOT NULL UNIQUE,
            board_role text NOT NULL UNIQUE,
            created timestamptz NOT NULL DEFAULT now()
        )""",
        """CREATE TABLE club.tables (
            event_id text NOT NULL REFERENCES club.events ON DELETE CASCADE,
            table_no integer NOT NULL CHECK (table_no > 0),
            role_name text NOT NULL UNIQUE,
            PRIMARY KEY (event_id, table_no)
        )""",
        """CREATE TABLE club.rounds (
            event_id text NOT NULL REFERENCES club.events ON DELETE CASCADE,
            round_no integer NOT NULL CHECK (round_no > 0),
            open boolean NOT NULL DEFAULT true,
            PRIMARY KEY (event_id, round_no)
        )""",
        """CREATE TABLE club.matches (
            match_id uuid PRIMARY KEY,
            event_id text NOT NULL,
            round_no integer NOT NULL,
            table_no integer NOT NULL,
            info jsonb NOT NULL,
            created timestamptz NOT NULL DEFAULT now(),
            FOREIGN KEY (event_id, round_no) REFERENCES club.rounds,
            FOREIGN KEY (event_id, table_no) REFERENCES club.tables
        )""",
        "CREATE INDEX matches_by_event ON club.matches (event_id, round_no, table_no)",
        """CREATE TABLE club.hand_revisions (
            match_id uuid NOT NULL REFERENCES club.matches ON DELETE CASCADE,
            hand_no integer NOT NULL CHECK (hand_no >= 0),
            revision integer NOT NULL CHECK (revision > 0),
            record jsonb NOT NULL,
            pushed_by text NOT NULL DEFAULT current_user,
            received timestamptz NOT NULL DEFAULT clock_timestamp(),
            PRIMARY KEY (match_id, hand_no, revision)
        )""",
        """CREATE TABLE club.hands (
            match_id uuid NOT NULL REFERENCES club.matches ON DELETE CASCADE,
            hand_no integer NOT NULL,
            revision integer NOT NULL,
            record jsonb NOT NULL,
            PRIMARY KEY (match_id, hand_no)
        )""",
        """CREATE TABLE club.hand_points (
            event_id text NOT NULL,
            match_id uuid NOT NULL,
            hand_no integer NOT NULL,
            player text NOT NULL,
            side text NOT NULL,
            lead boolean NOT NULL,
            points integer NOT NULL,
            cents bigint NOT NULL,
            won integer NOT NULL,
            PRIMARY KEY (match_id, hand_no, player),
            FOREIGN KEY (match_id, hand_no) REFERENCES club.hands ON DELETE CASCADE
        )""",
        "CREATE INDEX hand_points_by_event ON club.hand_points (event_id, player)",
        """CREATE TABLE club.flags (
            match_id uuid NOT NULL REFERENCES club.matches ON DELETE CASCADE,
            hand_no integer NOT NULL,
            revision integer NOT NULL,
            stored jsonb NOT NULL,
            replayed jsonb NOT NULL,
            flagged timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (match_id, hand_no, revision)
        )""",
        # who logged in (session_user: inside these functions current_user is their owner),
        # answered with the owner's rights so that the policies need not read each other
        """CREATE FUNCTION club.my_events() RETURNS SETOF text
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = club, pg_temp AS $$
            SELECT event_id FROM club.events
                WHERE director_role = session_user OR board_role = session_user
            UNION SELECT event_id FROM club.tables WHERE role_name = session_user $$""",
        """CREATE FUNCTION club.directs(event text) RETURNS boolean
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = club, pg_temp AS $$
            SELECT EXISTS (SELECT 1 FROM club.events
                WHERE event_id = event AND director_role = session_user) $$""",
        """CREATE FUNCTION club.may_record(event text, round integer, table_number integer)
            RETURNS boolean
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = club, pg_temp AS $$
            SELECT EXISTS (SELECT 1 FROM club.tables t JOIN club.rounds r USING (event_id)
                WHERE t.role_name = session_user AND t.event_id = event
                AND t.table_no = table_number AND r.round_no = round AND r.open) $$""",
        """CREATE FUNCTION club.may_record_hand(match uuid) RETURNS boolean
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = club, pg_temp AS $$
            SELECT EXISTS (SELECT 1 FROM club.matches m
                WHERE m.match_id = match
                AND (club.may_record(m.event_id, m.round_no, m.table_no)
                     OR club.directs(m.event_id))) $$""",
        """CREATE FUNCTION club.event_of(match uuid) RETURNS text
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = club, pg_temp AS $$
            SELECT event_id FROM club.matches WHERE match_id = match $$""",
        # the latest revision of a hand wins; its points go to hand_points; boards hear of it
        """CREATE FUNCTION club.hand_arrived() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = club, pg_temp AS $$
        DECLARE
            event text := club.event_of(NEW.match_id);
        BEGIN
            INSERT INTO club.hands AS h (match_id, hand_no, revision, record)
                VALUES (NEW.match_id, NEW.hand_no, NEW.revision, NEW.record)
                ON CONFLICT (match_id, hand_no) DO UPDATE
                    SET revision = EXCLUDED.revision, record = EXCLUDED.record
                    WHERE h.revision < EXCLUDED.revision;
            IF NOT FOUND THEN
                RETURN NULL;  -- an older revision arriving late: history only
            END IF;
            DELETE FROM club.hand_points WHERE match_id = NEW.match_id AND hand_no = NEW.hand_no;
            INSERT INTO club.hand_points
                (event_id, match_id, hand_no, player, side, lead, points, cents, won)
                SELECT event, NEW.match_id, NEW.hand_no, p.player, p.side, p.lead, p.points,
                       p.cents, p.won
                FROM jsonb_to_recordset(NEW.record -> 'players') AS p(
                    player text, side text, lead boolean, points integer, cents bigint,
                    won integer);
            PERFORM pg_notify('club_standings', event);
            RETURN NULL;
        END $$""",
        """CREATE TRIGGER hand_arrived AFTER INSERT ON club.hand_revisions
            FOR EACH ROW EXECUTE FUNCTION club.hand_arrived()""",
        # standings: one view per scoring kind, read with the reader's own rights
        """CREATE VIEW club.standings_individual WITH (security_invoker = true) AS
            SELECT event_id, player, sum(points)::bigint AS points, count(*) AS hands
            FROM club.hand_points GROUP BY event_id, player""",
        """CREATE VIEW club.standings_sides WITH (security_invoker = true) AS
            SELECT event_id, side, sum(points)::bigint AS points, count(*) AS hands
            FROM club.hand_points WHERE lead GROUP BY event_id, side""",
        """CREATE VIEW club.standings_games_won WITH (security_invoker = true) AS
            SELECT event_id, player, sum(won)::bigint AS games_won,
                   count(DISTINCT match_id) AS matches
            FROM club.hand_points GROUP BY event_id, player""",
        """CREATE VIEW club.standings_money WITH (security_invoker = true) AS
            SELECT event_id, player, sum(cents)::bigint AS cents
            FROM club.hand_points GROUP BY event_id, player""",
        # row-level security: the owner (the administrator) is not bound; every role is
        *(
            f"ALTER TABLE club.{table} ENABLE ROW LEVEL SECURITY"
            for table in (
                "events",
                "tables",
                "rounds",
                "matches",
                "hand_revisions",
                "hands",
                "hand_points",
                "flags",
            )
        ),
        "CREATE POLICY seen ON club.events FOR SELECT USING (event_id IN (SELECT club.my_events()))",
        "CREATE POLICY seen ON club.tables FOR SELECT USING (event_id IN (SELECT club.my_events()))",
        "CREATE POLICY seen ON club.rounds FOR SELECT USING (event_id IN (SELECT club.my_events()))",
        """CREATE POLICY steered ON club.rounds FOR ALL TO club_director
            USING (club.directs(event_id)) WITH CHECK (club.directs(event_id))""",
        "CREATE POLICY seen ON club.matches FOR SELECT USING (event_id IN (SELECT club.my_events()))",
        """CREATE POLICY recorded ON club.matches FOR INSERT TO club_table, club_director
            WITH CHECK (club.may_record(event_id, round_no, table_no) OR club.directs(event_id))""",
        """CREATE POLICY seen ON club.hand_revisions FOR SELECT
            USING (club.event_of(match_id) IN (SELECT club.my_events()))""",
        """CREATE POLICY recorded ON club.hand_revisions FOR INSERT TO club_table, club_director
            WITH CHECK (club.may_record_hand(match_id))""",
        """CREATE POLICY seen ON club.hands FOR SELECT
            USING (club.event_of(match_id) IN (SELECT club.my_events()))""",
        """CREATE POLICY seen ON club.hand_points FOR SELECT
            USING (event_id IN (SELECT club.my_events()))""",
        """CREATE POLICY seen ON club.flags FOR SELECT
            USING (club.event_of(match_id) IN (SELECT club.my_events()))""",
        """CREATE POLICY flagged ON club.flags FOR INSERT TO club_director
            WITH CHECK (club.directs(club.event_of(match_id)))""",
        # what each group may do at all; the policies above narrow it to rows
        "GRANT USAGE ON SCHEMA club TO club_director, club_board, club_table",
        "GRANT SELECT ON ALL TABLES IN SCHEMA club TO club_director, club_board, club_table",
        "GRANT INSERT ON club.matches, club.hand_revisions TO club_table, club_director",
        "GRANT INSERT, UPDATE ON club.rounds TO club_director",
        "GRANT INSERT ON club.flags TO club_director",
        "REVOKE ALL ON FUNCTION club.hand_arrived() FROM PUBLIC",
    ),
    # 2: running totals per player and per side, kept by statement triggers on hand_points
    # (in the same transaction as the hand), so that a board reads 1,000 rows, not every
    # hand; the views read them
    (
        """CREATE TABLE club.player_totals (
            event_id text NOT NULL,
            player text NOT NULL,
            points bigint NOT NULL,
            cents bigint NOT NULL,
            games_won bigint NOT NULL,
            hands bigint NOT NULL,
            PRIMARY KEY (event_id, player)
        )""",
        """CREATE TABLE club.side_totals (
            event_id text NOT NULL,
            side text NOT NULL,
            points bigint NOT NULL,
            hands bigint NOT NULL,
            PRIMARY KEY (event_id, side)
        )""",
        """CREATE FUNCTION club.points_changed() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = club, pg_temp AS $$
        DECLARE
            changed text := CASE TG_OP WHEN 'INSERT' THEN 'added' ELSE 'removed' END;
            sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
        BEGIN
            EXECUTE format($sql$
                INSERT INTO club.player_totals AS t
                    (event_id, player, points, cents, games_won, hands)
                SELECT event_id, player, %2$s * sum(points), %2$s * sum(cents),
                       %2$s * sum(won), %2$s * count(*)
                FROM %1$I GROUP BY event_id, player ORDER BY event_id, player
                ON CONFLICT (event_id, player) DO UPDATE SET
                    points = t.points + EXCLUDED.points, cents = t.cents + EXCLUDED.cents,
                    games_won = t.games_won + EXCLUDED.games_won,
                    hands = t.hands + EXCLUDED.hands $sql$, changed, sign);
            EXECUTE format($sql$
                INSERT INTO club.side_totals AS t (event_id, side, points, hands)
                SELECT event_id, side, %2$s * sum(points), %2$s * count(*)
                FROM %1$I WHERE lead GROUP BY event_id, side ORDER BY event_id, side
                ON CONFLICT (event_id, side) DO UPDATE SET
                    points = t.points + EXCLUDED.points, hands = t.hands + EXCLUDED.hands
                $sql$, changed, sign);
            IF sign < 0 THEN
                DELETE FROM club.player_totals WHERE hands = 0;
                DELETE FROM club.side_totals WHERE hands = 0;
            END IF;
            RETURN NULL;
        END $$""",
        """CREATE TRIGGER points_added AFTER INSERT ON club.hand_points
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT
            EXECUTE FUNCTION club.points_changed()""",
        """CREATE TRIGGER points_removed AFTER DELETE ON club.hand_points
            REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
            EXECUTE FUNCTION club.points_changed()""",
        """INSERT INTO club.player_totals
            SELECT event_id, player, sum(points), sum(cents), sum(won), count(*)
            FROM club.hand_points GROUP BY event_id, player""",
        """INSERT INTO club.side_totals
            SELECT event_id, side, sum(points), count(*)
            FROM club.hand_points WHERE lead GROUP BY event_id, side""",
        "DROP VIEW club.standings_individual, club.standings_sides, club.standings_games_won, "
        "club.standings_money",
        """CREATE VIEW club.standings_individual WITH (security_invoker = true) AS
            SELECT event_id, player, points, hands FROM club.player_totals""",
        """CREATE VIEW club.standings_sides WITH (security_invoker = true) AS
            SELECT event_id, side, points, hands FROM club.side_totals""",
        """CREATE VIEW club.standings_games_won WITH (security_invoker = true) AS
            SELECT event_id, player, games_won, hands FROM club.player_totals""",
        """CREATE VIEW club.standings_money WITH (security_invoker = true) AS
            SELECT event_id, player, cents FROM club.player_totals""",
        "ALTER TABLE club.player_totals ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE club.side_totals ENABLE ROW LEVEL SECURITY",
        """CREATE POLICY seen ON club.player_totals FOR SELECT
            USING (event_id IN (SELECT club.my_events()))""",
        """CREATE POLICY seen ON club.side_totals FOR SELECT
            USING (event_id IN (SELECT club.my_events()))""",
        "GRANT SELECT ON ALL TABLES IN SCHEMA club TO club_director, club_board, club_table",
        "REVOKE ALL ON FUNCTION club.points_changed() FROM PUBLIC",
    ),
    # 3: tournaments: an event's format and options, its register of players, the seats
    # drawn for each round and who sits out, and when each round started and ended
    (
        """CREATE TABLE club.event_formats (
            event_id text PRIMARY KEY REFERENCES club.events ON DELETE CASCADE,
            format_id text NOT NULL,
            settings jsonb NOT NULL,
            seed integer NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE club.players (
            event_id text NOT NULL REFERENCES club.events ON DELETE CASCADE,
            player_no integer NOT NULL CHECK (player_no >= 0),
            name text NOT NULL CHECK (btrim(name) <> ''),
            status text NOT NULL DEFAULT 'present'
                CHECK (status IN ('present', 'no-show', 'left')),
            first_round integer NOT NULL DEFAULT 1 CHECK (first_round > 0),
            PRIMARY KEY (event_id, player_no),
            UNIQUE (event_id, name)
        )""",
        """CREATE TABLE club.seats (
            event_id text NOT NULL,
            round_no integer NOT NULL CHECK (round_no > 0),
            table_no integer NOT NULL CHECK (table_no > 0),
            seat integer NOT NULL CHECK (seat >= 0),
            player_no integer NOT NULL,
            PRIMARY KEY (event_id, round_no, table_no, seat),
            UNIQUE (event_id, round_no, player_no),
            FOREIGN KEY (event_id, player_no) REFERENCES club.players ON DELETE CASCADE
        )""",
        """CREATE TABLE club.byes (
            event_id text NOT NULL,
            round_no integer NOT NULL CHECK (round_no > 0),
            player_no integer NOT NULL,
            PRIMARY KEY (event_id, round_no, player_no),
            FOREIGN KEY (event_id, player_no) REFERENCES club.players ON DELETE CASCADE
        )""",
        "ALTER TABLE club.rounds ADD COLUMN started timestamptz, ADD COLUMN ended timestamptz",
        *(
            statement
            for table in ("event_formats", "players", "seats", "byes")
            for statement in (
                f"ALTER TABLE club.{table} ENABLE ROW LEVEL SECURITY",
                f"""CREATE POLICY seen ON club.{table} FOR SELECT
                    USING (event_id IN (SELECT club.my_events()))""",
                f"""CREATE POLICY steered ON club.{table} FOR ALL TO club_director
                    USING (club.directs(event_id)) WITH CHECK (club.directs(event_id))""",
                f"GRANT SELECT ON club.{table} TO club_director, club_board, club_table",
                f"GRANT INSERT, UPDATE, DELETE ON club.{table} TO club_director",
            )
        ),
    ),
    # 4: the two players of each fixed partnership (a league's teams are on the register)
    (
        """CREATE TABLE club.partners (
            event_id text NOT NULL,
            player_no integer NOT NULL,
            member integer NOT NULL CHECK (member IN (0, 1)),
            name text NOT NULL CHECK (btrim(name) <> ''),
            PRIMARY KEY (event_id, player_no, member),
            UNIQUE (event_id, name),
            FOREIGN KEY (event_id, player_no) REFERENCES club.players ON DELETE CASCADE
        )""",
        "ALTER TABLE club.partners ENABLE ROW LEVEL SECURITY",
        """CREATE POLICY seen ON club.partners FOR SELECT
            USING (event_id IN (SELECT club.my_events()))""",
        """CREATE POLICY steered ON club.partners FOR ALL TO club_director
            USING (club.directs(event_id)) WITH CHECK (club.directs(event_id))""",
        "GRANT SELECT ON club.partners TO club_director, club_board, club_table",
        "GRANT INSERT, UPDATE, DELETE ON club.partners TO club_director",
    ),
    # 5: the director adds and revokes its own event's table logins (a draw may need more
    # tables than the night began with). The functions run with their owner's right to
    # create roles, for the caller's own event only (or for the owner itself); role names
    # follow one pattern made from the stored event id, passwords are random, made here
    (
        f"""CREATE FUNCTION club.add_table(event text)
            RETURNS TABLE (table_no integer, role_name text, password text)
            LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = club, pg_temp AS $$
        BEGIN
            IF NOT (club.directs(event) OR session_user = current_user) THEN
                RAISE insufficient_privilege USING MESSAGE = 'only the event''s director may add its tables';
            END IF;
            IF event !~ '^[a-z0-9]+$' THEN
                RAISE invalid_parameter_value USING MESSAGE = 'not an event of this club database';
            END IF;
            PERFORM 1 FROM club.events e WHERE e.event_id = event FOR UPDATE;
            IF NOT FOUND THEN
                RAISE invalid_parameter_value USING MESSAGE = 'not an event of this club database';
            END IF;
            SELECT coalesce(max(t.table_no), 0) + 1 INTO table_no
                FROM club.tables t WHERE t.event_id = event;
            IF table_no > {MAX_TABLES} THEN
                RAISE program_limit_exceeded USING MESSAGE = 'an event has at most {MAX_TABLES} tables';
            END IF;
            role_name := format('sk_%s_t%s', event, table_no);
            password := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
            EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE club_table',
                           role_name, password);
            EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), role_name);
            INSERT INTO club.tables (event_id, table_no, role_name)
                VALUES (event, add_table.table_no, add_table.role_name);
            RETURN NEXT;
        END $$""",
        """CREATE FUNCTION club.revoke_table(event text, table_no integer) RETURNS void
            LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = club, pg_temp AS $$
        DECLARE
            login text;
        BEGIN
            IF NOT (club.directs(event) OR session_user = current_user) THEN
                RAISE insufficient_privilege USING MESSAGE = 'only the event''s director may revoke its tables';
            END IF;
            SELECT t.role_name INTO login FROM club.tables t
                WHERE t.event_id = event AND t.table_no = revoke_table.table_no;
            IF login IS NULL THEN
                RAISE invalid_parameter_value USING MESSAGE = 'the event has no such table';
            END IF;
            EXECUTE format('ALTER ROLE %I NOLOGIN PASSWORD NULL', login);
            PERFORM pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = login;
        END $$""",
        "REVOKE ALL ON FUNCTION club.add_table(text), club.revoke_table(text, integer) FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION club.add_table(text), club.revoke_table(text, integer) "
        "TO club_director",
    ),
    # 6: a withdrawn pass is kept on record (the desk shows the table as withdrawn, the
    # draw and the score cards leave it alone), and the director may issue a withdrawn
    # table a new pass: a new login for the same table number, the old one stays withdrawn
    (
        """CREATE TABLE club.withdrawn_passes (
            event_id text NOT NULL,
            table_no integer NOT NULL,
            role_name text PRIMARY KEY,
            withdrawn timestamptz NOT NULL DEFAULT now(),
            FOREIGN KEY (event_id, table_no) REFERENCES club.tables ON DELETE CASCADE
        )""",
        "ALTER TABLE club.withdrawn_passes ENABLE ROW LEVEL SECURITY",
        """CREATE POLICY seen ON club.withdrawn_passes FOR SELECT TO club_director
            USING (club.directs(event_id))""",
        "GRANT SELECT ON club.withdrawn_passes TO club_director",
        # the passes withdrawn before this schema: their logins can no longer log in
        """INSERT INTO club.withdrawn_passes (event_id, table_no, role_name)
            SELECT t.event_id, t.table_no, t.role_name FROM club.tables t
            JOIN pg_roles r ON r.rolname = t.role_name WHERE NOT r.rolcanlogin""",
        # the director withdraws a pass through withdraw_table: revoke_table (now for it
        # alone) ends the login, and the withdrawn login is recorded
        "REVOKE ALL ON FUNCTION club.revoke_table(text, integer) FROM club_director",
        """CREATE FUNCTION club.withdraw_table(event text, table_number integer) RETURNS void
            LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = club, pg_temp AS $$
        BEGIN
            PERFORM club.revoke_table(event, table_number);
            INSERT INTO club.withdrawn_passes (event_id, table_no, role_name)
                SELECT t.event_id, t.table_no, t.role_name FROM club.tables t
                WHERE t.event_id = event AND t.table_no = table_number
                ON CONFLICT DO NOTHING;
        END $$""",
        """CREATE FUNCTION club.reissue_table(event text, table_number integer)
            RETURNS TABLE (role_name text, password text)
            LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = club, pg_temp AS $$
        DECLARE
            login text;
            passes integer;
        BEGIN
            IF NOT (club.directs(event) OR session_user = current_user) THEN
                RAISE insufficient_privilege USING MESSAGE = 'only the event''s director may issue its tables'' passes';
            END IF;
            IF event !~ '^[a-z0-9]+$' THEN
                RAISE invalid_parameter_value USING MESSAGE = 'not an event of this club database';
            END IF;
            SELECT t.role_name INTO login FROM club.tables t
                WHERE t.event_id = event AND t.table_no = table_number FOR UPDATE;
            IF login IS NULL THEN
                RAISE invalid_parameter_value USING MESSAGE = 'the event has no such table';
            END IF;
            IF NOT EXISTS (SELECT 1 FROM club.withdrawn_passes w WHERE w.role_name = login) THEN
                RAISE object_in_use USING MESSAGE = format(
                    'table %s''s pass is still in use: withdraw it first', table_number);
            END IF;
            SELECT count(*) INTO passes FROM club.withdrawn_passes w
                WHERE w.event_id = event AND w.table_no = table_number;
            role_name := format('sk_%s_t%s_p%s', event, table_number, passes + 1);
            password := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
            EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE club_table',
                           role_name, password);
            EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), role_name);
            UPDATE club.tables t SET role_name = reissue_table.role_name
                WHERE t.event_id = event AND t.table_no = table_number;
            RETURN NEXT;
        END $$""",
        "REVOKE ALL ON FUNCTION club.withdraw_table(text, integer), "
        "club.reissue_table(text, integer) FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION club.withdraw_table(text, integer), "
        "club.reissue_table(text, integer) TO club_director",
    ),
    # 7: the server is the referee. Constraints hold the shape of every hand record (one
    # line per seat, each of the right types); the server sets who pushed, when, and the
    # revision; a table's hand waits as 'pending' until the referee (run by `club serve`)
    # has replayed it, and only an accepted one counts; a director's correction is final.
    # Each table login is bounded (connections, statement time, no temporary tables) and
    # sees less of the catalog; boards hear of their own event by a key only they know.
    # Old rows are kept as they are (the constraints are NOT VALID for them).
    (
        """CREATE FUNCTION club.whole(value jsonb, low bigint, high bigint) RETURNS boolean
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT CASE WHEN jsonb_typeof(value) = 'number' AND value::text ~ '^-?[0-9]{1,15}$'
                THEN value::text::bigint BETWEEN low AND high ELSE false END $$""",
        """CREATE FUNCTION club.line_ok(line jsonb, seats integer) RETURNS boolean
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT CASE WHEN jsonb_typeof(line) = 'object' THEN coalesce(
                jsonb_typeof(line -> 'player') = 'string'
                AND length(line ->> 'player') BETWEEN 1 AND 200
                AND jsonb_typeof(line -> 'side') = 'string' AND length(line ->> 'side') <= 400
                AND jsonb_typeof(line -> 'lead') = 'boolean'
                AND club.whole(line -> 'seat', 0, seats - 1)
                AND club.whole(line -> 'points', -100000, 100000)
                AND club.whole(line -> 'cents', -10000000000, 10000000000)
                AND club.whole(line -> 'won', 0, 1), false) ELSE false END $$""",
        # a hand record: an object whose players are none (a hand not, or no longer, on
        # record) or one line per seat (``seats``, when known), seats 0.. and players each
        # once; its outcome, when there, an object with details an object
        f"""CREATE FUNCTION club.hand_record_ok(record jsonb, seats integer) RETURNS boolean
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT coalesce(CASE
                WHEN jsonb_typeof(record) IS DISTINCT FROM 'object'
                    OR jsonb_typeof(record -> 'players') IS DISTINCT FROM 'array' THEN false
                WHEN jsonb_array_length(record -> 'players') = 0 THEN true
                WHEN jsonb_array_length(record -> 'players') > {MAX_SEATS}
                    OR jsonb_array_length(record -> 'players')
                       <> coalesce(seats, jsonb_array_length(record -> 'players')) THEN false
                WHEN jsonb_typeof(record -> 'outcome') NOT IN ('object', 'null') THEN false
                WHEN jsonb_typeof(record #> '{{outcome,details}}') <> 'object' THEN false
                ELSE (SELECT bool_and(club.line_ok(line, jsonb_array_length(record -> 'players')))
                        AND count(DISTINCT line -> 'seat') = jsonb_array_length(record -> 'players')
                        AND count(DISTINCT line -> 'player') = jsonb_array_length(record -> 'players')
                      FROM jsonb_array_elements(record -> 'players') AS line)
            END, false) $$""",
        # who records: a table's login (else the director's or the administrator's)
        """CREATE FUNCTION club.at_table() RETURNS boolean
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = club, pg_temp AS $$
            SELECT EXISTS (SELECT 1 FROM club.tables WHERE role_name = session_user) $$""",
        f"ALTER TABLE club.event_formats ADD COLUMN seats integer CHECK (seats BETWEEN 1 AND {MAX_SEATS})",
        f"""ALTER TABLE club.matches ADD COLUMN seats integer CHECK (seats BETWEEN 1 AND {MAX_SEATS}),
            ADD CONSTRAINT match_info_shape CHECK (jsonb_typeof(info) = 'object') NOT VALID,
            ADD CONSTRAINT match_info_size CHECK (pg_column_size(info) <= 16384) NOT VALID""",
        # a match's seats are the event's (the game's seats); without a format, the
        # players its table names. A table names the event's number of players, and
        # starts a bounded number of matches a round
        f"""CREATE FUNCTION club.match_received() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = club, pg_temp AS $$
        DECLARE
            named integer;
        BEGIN
            NEW.created := now();
            IF jsonb_typeof(NEW.info -> 'players') = 'array' THEN
                named := jsonb_array_length(NEW.info -> 'players');
            END IF;
            SELECT f.seats INTO NEW.seats FROM club.event_formats f WHERE f.event_id = NEW.event_id;
            NEW.seats := coalesce(NEW.seats, named);
            -- a table's own match of an open round (else row-level security refuses it)
            IF club.at_table() AND club.may_record(NEW.event_id, NEW.round_no, NEW.table_no) THEN
                IF NEW.seats IS NULL OR named IS DISTINCT FROM NEW.seats THEN
                    RAISE check_violation USING CONSTRAINT = 'match_players',
                        MESSAGE = format('a match of this night names its %s players', NEW.seats);
                END IF;
                IF (SELECT count(*) FROM club.matches m WHERE m.event_id = NEW.event_id
                        AND m.round_no = NEW.round_no AND m.table_no = NEW.table_no)
                        >= {MAX_TABLE_MATCHES} THEN
                    RAISE program_limit_exceeded USING
                        MESSAGE = 'a table starts at most {MAX_TABLE_MATCHES} matches a round';
                END IF;
            END IF;
            RETURN NEW;
        END $$""",
        """CREATE TRIGGER match_received BEFORE INSERT ON club.matches
            FOR EACH ROW EXECUTE FUNCTION club.match_received()""",
        # the table's own revision number (its key for a repeated push); the server's
        # revision, the verdict and its reason; the match's seats, for the constraint
        """ALTER TABLE club.hand_revisions
            ADD COLUMN table_revision integer CHECK (table_revision > 0),
            ADD COLUMN verdict text NOT NULL DEFAULT 'accepted'
                CHECK (verdict IN ('pending', 'accepted', 'refused', 'superseded')),
            ADD COLUMN reason text CHECK (length(reason) <= 500),
            ADD COLUMN seats integer""",
        # the revisions tables sent before: their own numbers, their own keys
        """UPDATE club.hand_revisions r SET table_revision = r.revision
            FROM club.matches m JOIN club.events e USING (event_id)
            WHERE m.match_id = r.match_id AND r.pushed_by <> e.director_role""",
        """ALTER TABLE club.hand_revisions ALTER COLUMN verdict SET DEFAULT 'pending',
            ADD CONSTRAINT hand_record_shape CHECK (club.hand_record_ok(record, seats)) NOT VALID,
            ADD CONSTRAINT hand_record_size CHECK (pg_column_size(record) <= 65536) NOT VALID,
            ADD CONSTRAINT hand_number CHECK (hand_no < 1000) NOT VALID,
            ADD CONSTRAINT revision_number CHECK (revision <= 1000000) NOT VALID,
            ADD CONSTRAINT table_revision_once UNIQUE (match_id, hand_no, table_revision)""",
        # whether a hand's latest record has the shape: computed by the server for every
        # row, old ones too, so that no reader is given one it cannot read
        """ALTER TABLE club.hands ADD COLUMN well_formed boolean
            GENERATED ALWAYS AS (club.hand_record_ok(record, NULL)) STORED""",
        "CREATE INDEX hand_revisions_pending ON club.hand_revisions (match_id) "
        "WHERE verdict = 'pending'",
        # set by the server, whatever was sent: who, when, the revision (the next of the
        # hand), and what becomes of a table's revision: pending for the referee; refused
        # after a director's correction (it is final); superseded when a later one of the
        # table's own had arrived. A repeated push keeps its key and is dropped
        f"""CREATE FUNCTION club.hand_received() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = club, pg_temp AS $$
        DECLARE
            newest integer;
            sent integer;
        BEGIN
            NEW.pushed_by := session_user;
            NEW.received := clock_timestamp();
            NEW.reason := NULL;
            SELECT m.seats INTO NEW.seats FROM club.matches m WHERE m.match_id = NEW.match_id;
            PERFORM pg_advisory_xact_lock(hashtext(NEW.match_id::text), NEW.hand_no);
            SELECT coalesce(max(r.revision), 0) + 1 INTO NEW.revision FROM club.hand_revisions r
                WHERE r.match_id = NEW.match_id AND r.hand_no = NEW.hand_no;
            IF NOT club.at_table() THEN
                NEW.table_revision := NULL;
                NEW.verdict := 'accepted';
                RETURN NEW;
            END IF;
            NEW.verdict := 'pending';
            IF NOT club.may_record_hand(NEW.match_id) THEN
                RETURN NEW;  -- row-level security refuses it
            END IF;
            IF NEW.table_revision IS NULL THEN
                RAISE not_null_violation USING COLUMN = 'table_revision',
                    MESSAGE = 'a table sends each hand with its own revision number';
            END IF;
            SELECT max(r.table_revision), count(r.table_revision) INTO newest, sent
                FROM club.hand_revisions r
                WHERE r.match_id = NEW.match_id AND r.hand_no = NEW.hand_no;
            IF EXISTS (SELECT 1 FROM club.hand_revisions r WHERE r.match_id = NEW.match_id
                    AND r.hand_no = NEW.hand_no AND r.table_revision = NEW.table_revision) THEN
                RETURN NEW;  -- a repeated push: its key conflicts, nothing is stored
            END IF;
            IF sent >= {MAX_HAND_REVISIONS} THEN
                RAISE program_limit_exceeded USING
                    MESSAGE = 'a table sends at most {MAX_HAND_REVISIONS} revisions of one hand';
            END IF;
            IF NEW.table_revision < newest THEN
                NEW.verdict := 'superseded';
                NEW.reason := 'a later revision of this hand from this table had arrived';
            ELSIF EXISTS (SELECT 1 FROM club.hand_revisions r WHERE r.match_id = NEW.match_id
                    AND r.hand_no = NEW.hand_no AND r.table_revision IS NULL) THEN
                NEW.verdict := 'refused';
                NEW.reason := '{DIRECTOR_FINAL}';
            END IF;
            RETURN NEW;
        END $$""",
        """CREATE TRIGGER hand_received BEFORE INSERT ON club.hand_revisions
            FOR EACH ROW EXECUTE FUNCTION club.hand_received()""",
        # boards hear of their event by a key only its logins can read, never its id
        "ALTER TABLE club.events ADD COLUMN notify_key text NOT NULL "
        "DEFAULT replace(gen_random_uuid()::text, '-', '')",
        # an accepted revision (at once for the director's, after the referee for a
        # table's) becomes the hand's latest when it is newer; its points go to hand_points
        f"""CREATE OR REPLACE FUNCTION club.hand_arrived() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = club, pg_temp AS $$
        DECLARE
            event text := club.event_of(NEW.match_id);
        BEGIN
            INSERT INTO club.hands AS h (match_id, hand_no, revision, record)
                VALUES (NEW.match_id, NEW.hand_no, NEW.revision, NEW.record)
                ON CONFLICT (match_id, hand_no) DO UPDATE
                    SET revision = EXCLUDED.revision, record = EXCLUDED.record
                    WHERE h.revision < EXCLUDED.revision;
            IF NOT FOUND THEN
                RETURN NULL;  -- an older revision judged late: history only
            END IF;
            DELETE FROM club.hand_points WHERE match_id = NEW.match_id AND hand_no = NEW.hand_no;
            INSERT INTO club.hand_points
                (event_id, match_id, hand_no, player, side, lead, points, cents, won)
                SELECT event, NEW.match_id, NEW.hand_no, p.player, p.side, p.lead, p.points,
                       p.cents, p.won
                FROM jsonb_to_recordset(NEW.record -> 'players') AS p(
                    player text, side text, lead boolean, points integer, cents bigint,
                    won integer);
            PERFORM pg_notify('{CHANNEL}', e.notify_key) FROM club.events e
                WHERE e.event_id = event;
            RETURN NULL;
        END $$""",
        "DROP TRIGGER hand_arrived ON club.hand_revisions",
        """CREATE TRIGGER hand_arrived AFTER INSERT ON club.hand_revisions
            FOR EACH ROW WHEN (NEW.verdict = 'accepted') EXECUTE FUNCTION club.hand_arrived()""",
        """CREATE TRIGGER hand_judged AFTER UPDATE OF verdict ON club.hand_revisions
            FOR EACH ROW WHEN (OLD.verdict <> 'accepted' AND NEW.verdict = 'accepted')
            EXECUTE FUNCTION club.hand_arrived()""",
        f"""CREATE FUNCTION club.hand_queued() RETURNS trigger
            LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{ARRIVALS}', '');
            RETURN NULL;
        END $$""",
        """CREATE TRIGGER hand_queued AFTER INSERT ON club.hand_revisions
            FOR EACH STATEMENT EXECUTE FUNCTION club.hand_queued()""",
        # what counts: each hand's accepted latest revision, when its record has the
        # shape (rows older than the constraints included), with its number of players'
        # lines (0: a hand not, or no longer, on record); every reader reads this
        """CREATE VIEW club.counted_hands WITH (security_invoker = true) AS
            SELECT m.event_id, m.round_no, m.table_no, m.created, h.match_id, h.hand_no,
                   h.revision, h.record,
                   CASE WHEN h.well_formed THEN jsonb_array_length(h.record -> 'players') END
                       AS lines
            FROM club.hands h JOIN club.matches m USING (match_id)
            WHERE CASE WHEN h.well_formed THEN m.seats IS NULL
                OR jsonb_array_length(h.record -> 'players') IN (0, m.seats) ELSE false END""",
        "GRANT SELECT ON club.counted_hands TO club_director, club_board, club_table",
        # what a login may write: never who, when, the revision or the verdict
        "REVOKE INSERT ON club.matches, club.hand_revisions FROM club_table, club_director",
        "GRANT INSERT (match_id, event_id, round_no, table_no, info) ON club.matches "
        "TO club_table, club_director",
        "GRANT INSERT (match_id, hand_no, table_revision, record) ON club.hand_revisions "
        "TO club_table",
        "GRANT INSERT (match_id, hand_no, record) ON club.hand_revisions TO club_director",
        "REVOKE ALL ON FUNCTION club.hand_received(), club.match_received(), "
        "club.hand_queued() FROM PUBLIC",
        # each login bounded: connections, statement time, time idle in a transaction
        f"""CREATE FUNCTION club.bound_login(login text, connections integer) RETURNS void
            LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = club, pg_temp AS $$
        BEGIN
            EXECUTE format('ALTER ROLE %I CONNECTION LIMIT %s', login, connections);
            EXECUTE format('ALTER ROLE %I SET statement_timeout = %L', login,
                           '{STATEMENT_TIMEOUT}');
            EXECUTE format('ALTER ROLE %I SET idle_in_transaction_session_timeout = %L',
                           login, '{IDLE_TIMEOUT}');
        END $$""",
        "REVOKE ALL ON FUNCTION club.bound_login(text, integer) FROM PUBLIC",
        # a login's name says nothing (not its event's id)
        """CREATE FUNCTION club.new_login_name() RETURNS text
            LANGUAGE sql VOLATILE AS $$
            SELECT 'sk_' || left(replace(gen_random_uuid()::text, '-', ''), 24) $$""",
        f"""CREATE OR REPLACE FUNCTION club.add_table(event text)
            RETURNS TABLE (table_no integer, role_name text, password text)
            LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = club, pg_temp AS $$
        BEGIN
            IF NOT (club.directs(event) OR session_user = current_user) THEN
                RAISE insufficient_privilege USING MESSAGE = 'only the event''s director may add its tables';
            END IF;
            PERFORM 1 FROM club.events e WHERE e.event_id = event FOR UPDATE;
            IF NOT FOUND THEN
                RAISE invalid_parameter_value USING MESSAGE = 'not an event of this club database';
            END IF;
            SELECT coalesce(max(t.table_no), 0) + 1 INTO table_no
                FROM club.tables t WHERE t.event_id = event;
            IF table_no > {MAX_TABLES} THEN
                RAISE program_limit_exceeded USING MESSAGE = 'an event has at most {MAX_TABLES} tables';
            END IF;
            role_name := club.new_login_name();
            password := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
            EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE club_table',
                           role_name, password);
            EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), role_name);
            PERFORM club.bound_login(role_name, {TABLE_CONNECTIONS});
            INSERT INTO club.tables (event_id, table_no, role_name)
                VALUES (event, add_table.table_no, add_table.role_name);
            RETURN NEXT;
        END $$""",
        f"""CREATE OR REPLACE FUNCTION club.reissue_table(event text, table_number integer)
            RETURNS TABLE (role_name text, password text)
            LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = club, pg_temp AS $$
        DECLARE
            login text;
        BEGIN
            IF NOT (club.directs(event) OR session_user = current_user) THEN
                RAISE insufficient_privilege USING MESSAGE = 'only the event''s director may issue its tables'' passes';
            END IF;
            SELECT t.role_name INTO login FROM club.tables t
                WHERE t.event_id = event AND t.table_no = table_number FOR UPDATE;
            IF login IS NULL THEN
                RAISE invalid_parameter_value USING MESSAGE = 'the event has no such table';
            END IF;
            IF NOT EXISTS (SELECT 1 FROM club.withdrawn_passes w WHERE w.role_name = login) THEN
                RAISE object_in_use USING MESSAGE = format(
                    'table %s''s pass is still in use: withdraw it first', table_number);
            END IF;
            role_name := club.new_login_name();
            password := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
            EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE club_table',
                           role_name, password);
            EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), role_name);
            PERFORM club.bound_login(role_name, {TABLE_CONNECTIONS});
            UPDATE club.tables t SET role_name = reissue_table.role_name
                WHERE t.event_id = event AND t.table_no = table_number;
            RETURN NEXT;
        END $$""",
        # the logins made before: bounded the same way
        f"""DO $$ DECLARE login record; BEGIN
            FOR login IN SELECT t.role_name AS name, {TABLE_CONNECTIONS} AS connections
                    FROM club.tables t JOIN pg_roles r ON r.rolname = t.role_name
                UNION SELECT e.board_role, {BOARD_CONNECTIONS}
                    FROM club.events e JOIN pg_roles r ON r.rolname = e.board_role
            LOOP
                PERFORM club.bound_login(login.name, login.connections);
            END LOOP;
        END $$""",
        # no temporary tables; and where the administrator may (a superuser), no list of
        # the logins or of who is connected, and the director's own reserved connections
        "DO $$ BEGIN EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', "
        "current_database()); END $$",
        """DO $$ BEGIN
            IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
                REVOKE SELECT ON pg_catalog.pg_roles, pg_catalog.pg_user,
                    pg_catalog.pg_stat_activity FROM PUBLIC;
                REVOKE EXECUTE ON FUNCTION pg_catalog.pg_stat_get_activity(integer) FROM PUBLIC;
                GRANT pg_use_reserved_connections TO club_director;
            END IF;
        END $$""",
    ),
    # 8: each player's results, read with a code of the player's own and nothing else.
    # An event's readers' login (group club_reader) may only call club.player_night with
    # a player's key: it reads no table, writes nothing. The key (random, made here) is
    # printed on the player's score card; the night it reads is written by the
    # director's side (the standings are the format's, computed in Python)
    (
        """DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_reader') THEN
                CREATE ROLE club_reader NOLOGIN; END IF;
        END $$""",
        "ALTER TABLE club.events ADD COLUMN reader_role text UNIQUE",
        """CREATE TABLE club.player_keys (
            event_id text NOT NULL,
            player_no integer NOT NULL,
            key text NOT NULL UNIQUE DEFAULT replace(gen_random_uuid()::text, '-', ''),
            PRIMARY KEY (event_id, player_no),
            FOREIGN KEY (event_id, player_no) REFERENCES club.players ON DELETE CASCADE
        )""",
        """CREATE TABLE club.player_nights (
            event_id text NOT NULL,
            player_no integer NOT NULL,
            night jsonb NOT NULL,
            PRIMARY KEY (event_id, player_no),
            FOREIGN KEY (event_id, player_no) REFERENCES club.players ON DELETE CASCADE
        )""",
        *(
            statement
            for table in ("player_keys", "player_nights")
            for statement in (
                f"ALTER TABLE club.{table} ENABLE ROW LEVEL SECURITY",
                f"""CREATE POLICY steered ON club.{table} FOR ALL TO club_director
                    USING (club.directs(event_id)) WITH CHECK (club.directs(event_id))""",
            )
        ),
        "GRANT SELECT, INSERT (event_id, player_no) ON club.player_keys TO club_director",
        "GRANT SELECT, INSERT, UPDATE, DELETE ON club.player_nights TO club_director",
        # what a key reads: its player's night, through the key's own event's readers'
        # login only (a key known to nobody but the player reads nothing else)
        """CREATE FUNCTION club.player_night(player_key text) RETURNS jsonb
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = club, pg_temp AS $$
            SELECT coalesce(n.night, jsonb_build_object('event', e.name, 'player', p.name))
            FROM club.player_keys k
            JOIN club.events e ON e.event_id = k.event_id AND e.reader_role = session_user
            JOIN club.players p ON p.event_id = k.event_id AND p.player_no = k.player_no
            LEFT JOIN club.player_nights n
                ON n.event_id = k.event_id AND n.player_no = k.player_no
            WHERE k.key = player_key $$""",
        "REVOKE ALL ON FUNCTION club.player_night(text) FROM PUBLIC",
        "GRANT USAGE ON SCHEMA club TO club_reader",
        "GRANT EXECUTE ON FUNCTION club.player_night(text) TO club_reader",
        # the event's readers' login, made (or given a new password) by its director
        f"""CREATE FUNCTION club.add_reader(event text)
            RETURNS TABLE (role_name text, password text)
            LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = club, pg_temp AS $$
        BEGIN
            IF NOT (club.directs(event) OR session_user = current_user) THEN
                RAISE insufficient_privilege USING MESSAGE = 'only the event''s director may make its readers'' login';
            END IF;
            SELECT e.reader_role INTO role_name FROM club.events e
                WHERE e.event_id = event FOR UPDATE;
            IF NOT FOUND THEN
                RAISE invalid_parameter_value USING MESSAGE = 'not an event of this club database';
            END IF;
            password := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
            IF role_name IS NOT NULL THEN
                EXECUTE format('ALTER ROLE %I PASSWORD %L', role_name, password);
                RETURN NEXT;
                RETURN;
            END IF;
            role_name := club.new_login_name();
            EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE club_reader',
                           role_name, password);
            EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), role_name);
            PERFORM club.bound_login(role_name, {READER_CONNECTIONS});
            UPDATE club.events e SET reader_role = add_reader.role_name WHERE e.event_id = event;
            RETURN NEXT;
        END $$""",
        "REVOKE ALL ON FUNCTION club.add_reader(text) FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION club.add_reader(text) TO club_director",
    ),
    # a table's calls to the director (a renege claimed, the director called, a hand not
    # agreed), each with its evidence in words: written by the table in its open round,
    # read by the table and its director, answered by the director alone
    (
        f"""CREATE TABLE club.calls (
            call_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            event_id text NOT NULL,
            round_no integer NOT NULL,
            table_no integer NOT NULL,
            kind text NOT NULL CHECK (kind IN ('renege', 'director', 'disagreement')),
            lines jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array'
                AND jsonb_array_length(lines) BETWEEN 1 AND {MAX_CALL_LINES}
                AND octet_length(lines::text) <= {MAX_CALL_BYTES}),
            call_key text NOT NULL CHECK (length(call_key) BETWEEN 1 AND 64),
            made timestamptz NOT NULL DEFAULT now(),
            answered timestamptz,
            FOREIGN KEY (event_id, table_no) REFERENCES club.tables ON DELETE CASCADE,
            UNIQUE (event_id, round_no, table_no, call_key)
        )""",
        "ALTER TABLE club.calls ENABLE ROW LEVEL SECURITY",
        """CREATE POLICY seen ON club.calls FOR SELECT TO club_director, club_table
            USING (club.directs(event_id) OR club.may_record(event_id, round_no, table_no))""",
        """CREATE FUNCTION club.calls_made(event text, round integer, table_number integer)
            RETURNS bigint
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = club, pg_temp AS $$
            SELECT count(*) FROM club.calls
                WHERE event_id = event AND round_no = round AND table_no = table_number $$""",
        f"""CREATE POLICY called ON club.calls FOR INSERT TO club_table
            WITH CHECK (club.may_record(event_id, round_no, table_no)
                AND club.calls_made(event_id, round_no, table_no) < {MAX_TABLE_CALLS})""",
        """CREATE POLICY answered ON club.calls FOR UPDATE TO club_director
            USING (club.directs(event_id))""",
        "GRANT SELECT ON club.calls TO club_director, club_table",
        "GRANT INSERT (event_id, round_no, table_no, kind, lines, call_key) ON club.calls "
        "TO club_table",
        "GRANT UPDATE (answered) ON club.calls TO club_director",
        "REVOKE ALL ON FUNCTION club.calls_made(text, integer, integer) FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION club.calls_made(text, integer, integer) TO club_table",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


class NewerSchemaError(Exception):
    """The club database was made by a newer Scorekeeper; nothing was changed."""


def schema_version(conn: psycopg.Connection) -> int:
    row = conn.execute(
        "SELECT obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = 'club'"
    ).fetchone()
    if row is None:
        return 0
    comment = row[0] or ""
    prefix = "scorekeeper club schema "
    return int(comment.removeprefix(prefix)) if comment.startswith(prefix) else 0


def migrate(conn: psycopg.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the club database up to ``target`` (normally :data:`SCHEMA_VERSION`) in one
    transaction; the version found. A newer schema is refused before anything is written."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('scorekeeper club schema'))")
        version = schema_version(conn)
        if version > SCHEMA_VERSION:
            raise NewerSchemaError(
                f"the club database has schema {version}, written by a newer Scorekeeper "
                f"(this version knows schemas up to {SCHEMA_VERSION}); it was left unchanged"
            )
        for statements in MIGRATIONS[version:target]:
            for statement in statements:
                conn.execute(statement)
        if version < target:
            conn.execute(f"COMMENT ON SCHEMA club IS 'scorekeeper club schema {target}'")
    return version
