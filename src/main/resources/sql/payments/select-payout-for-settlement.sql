-- The payout a report names, locked until the settlement commits: a report and a status query
-- of one payout take turns, and each sees what the other did.
SELECT id, merchant_id, livemode, amount, fee, currency, msisdn, provider, reference, provider_ref, status,
       failure_code, sent_at, created_at
FROM payout
WHERE id = :#id
FOR UPDATE
