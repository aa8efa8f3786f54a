-- Newest first, optionally only those of one resolution ('' for all), a page at a time by seq.
-- Read into SettlementConflictView.
SELECT id, seq, merchant_id, livemode, subject_type, subject_id, provider, event_key, status_before, reported,
       provider_ref, resolution, compensation_id, detail, created_at
FROM settlement_conflict
WHERE (:#resolution = '' OR resolution = :#resolution)
  AND seq < :#beforeSeq
ORDER BY seq DESC
LIMIT :#limit
