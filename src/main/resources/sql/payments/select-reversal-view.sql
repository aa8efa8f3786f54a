-- One reversal, only if it is the merchant's and of the mode asked.
-- Read into ReversalView: the columns are named as its fields.
SELECT id, seq, payment_id, status, amount, fee_refunded, currency, provider, reason, automatic,
       reference AS gateway_reference, provider_ref AS provider_reference, failure_code, failure_message,
       created_at, updated_at
FROM reversal
WHERE id = :#reversalId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
