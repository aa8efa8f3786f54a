-- Refreshes the planner's statistics of Malipo's tables that changed by more than autovacuum's
-- own default threshold (50 rows plus a tenth of the table) since they were last analysed.
-- Run only where the server's autovacuum is off; with it on, the server does this itself.
DO $$
DECLARE
    t record;
BEGIN
    FOR t IN SELECT schemaname, relname FROM pg_stat_user_tables
             WHERE schemaname = current_schema()
               AND n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
    LOOP
        EXECUTE format('ANALYZE %I.%I', t.schemaname, t.relname);
    END LOOP;
END
$$
