-- A replay older than the timestamp window is refused on its Timestamp alone.
DELETE FROM checkout_replay
WHERE created_at < :#cutoff
