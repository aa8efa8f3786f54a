-- One payout, only if it is the merchant's and of the mode asked.
-- Read into PayoutView: the columns are named as its fields.
SELECT id, seq, status, amount, fee, currency, msisdn, provider, merchant_reference AS reference, description,
       reference AS gateway_reference, provider_ref AS provider_reference, failure_code, failure_message,
       created_at, updated_at
FROM payout
WHERE id = :#payoutId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
