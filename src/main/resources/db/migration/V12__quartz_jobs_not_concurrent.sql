-- The timed jobs of routes/schedules.yaml are now stateful (never two runs of one job at once,
-- cluster-wide). Quartz keeps a job's class with its stored definition and Camel only updates a
-- stored trigger, so the stored jobs are removed here and created anew, stateful, at the next start.
DELETE FROM qrtz_cron_triggers
WHERE trigger_group IN ('checkout', 'channels', 'housekeeping');
DELETE FROM qrtz_triggers
WHERE trigger_group IN ('checkout', 'channels', 'housekeeping');
DELETE FROM qrtz_job_details
WHERE job_group IN ('checkout', 'channels', 'housekeeping');
