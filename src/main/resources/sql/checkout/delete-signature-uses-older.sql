-- A signature older than the timestamp window is refused on its Timestamp alone.
DELETE FROM signature_use
WHERE created_at < :#cutoff
