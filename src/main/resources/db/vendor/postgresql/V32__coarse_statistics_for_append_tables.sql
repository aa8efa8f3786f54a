-- PostgreSQL only. Orders, replay answers and signature uses grow by a row per request, so under
-- load they are re-analysed every few seconds (by autovacuum, or by PlannerStatistics where it is
-- off), and ANALYZE at the default target (a 30,000-row sample, 100 histogram buckets per column)
-- took 300 ms on checkout_order, 140 ms on checkout_replay and 60 ms on signature_use at 60,000
-- rows on a 2-core host: CPU taken from the requests being served in those seconds. Their plans
-- need only row counts and coarse distributions: every lookup is by a unique key and every listing
-- walks an index prefix. Target 10 (a 3,000-row sample) analyses them in 30, 25 and 12 ms.
DO $$
DECLARE
    c record;
BEGIN
    FOR c IN SELECT table_name, column_name FROM information_schema.columns
             WHERE table_schema = current_schema()
               AND table_name IN ('checkout_order', 'checkout_replay', 'signature_use')
    LOOP
        EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET STATISTICS 10', c.table_name, c.column_name);
    END LOOP;
END
$$;
