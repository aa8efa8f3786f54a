-- The entries one payment, payout or reversal caused, oldest posting first (within one, what was
-- gained before what was given), only if they are the merchant's and of the mode asked. Read into
-- LedgerEntry.
SELECT id, posting_id, account, amount, currency, source_type, source_id, created_at
FROM ledger_entry
WHERE source_type = :#sourceType
  AND source_id = :#sourceId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
ORDER BY created_at, posting_id, amount DESC
