-- Hands the reversal to its provider at most once: whoever sets sent_at first sends it.
UPDATE reversal
SET sent_at = :#now,
    next_check_at = :#nextCheckAt,
    updated_at = :#now
WHERE id = :#id
  AND sent_at IS NULL
  AND status = 'PENDING'
