-- A page of a merchant's payouts in one mode, newest first, below a position (keyset on seq).
-- Read into PayoutView: the columns are named as its fields.
SELECT id, seq, status, amount, fee, currency, msisdn, provider, merchant_reference AS reference, description,
       reference AS gateway_reference, provider_ref AS provider_reference, failure_code, failure_message,
       created_at, updated_at
FROM payout
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND seq < :#beforeSeq
ORDER BY seq DESC
LIMIT :#limit
