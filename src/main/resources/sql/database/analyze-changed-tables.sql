-- Refreshes the planner's statistics of Malipo's tables that changed by more than autovacuum's
-- own default threshold (50 rows plus a tenth of the table) since they were last analysed.
-- Run only where the server's autovacuum is off; with it on, the server does this itself.
-- Paced as autovacuum would be: a table is analysed again only once autovacuum_naptime has
-- passed since its last analysis, and the work sleeps as autovacuum's does (its cost delay and
-- limit). Each ANALYZE makes every session plan its statements on that table again at once, and
-- unthrottled it takes a core: on a busy 2-core server both showed as a burst of slow requests
-- after every run.
DO $$
DECLARE
    t record;
BEGIN
    PERFORM set_config('vacuum_cost_delay', CASE current_setting('autovacuum_vacuum_cost_delay')
        WHEN '-1' THEN current_setting('vacuum_cost_delay')
        ELSE current_setting('autovacuum_vacuum_cost_delay') END, true);
    PERFORM set_config('vacuum_cost_limit', CASE current_setting('autovacuum_vacuum_cost_limit')
        WHEN '-1' THEN current_setting('vacuum_cost_limit')
        ELSE current_setting('autovacuum_vacuum_cost_limit') END, true);
    FOR t IN SELECT schemaname, relname FROM pg_stat_user_tables
             WHERE schemaname = current_schema()
               AND n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
               AND coalesce(greatest(last_analyze, last_autoanalyze), '-infinity')
                   < now() - CAST(current_setting('autovacuum_naptime') AS INTERVAL)
    LOOP
        EXECUTE format('ANALYZE %I.%I', t.schemaname, t.relname);
    END LOOP;
END
$$
