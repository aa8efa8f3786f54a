-- One reversal, only if it is the merchant's and of the mode asked.
SELECT id, seq, payment_id, status, amount, fee_refunded, currency, provider, reason, automatic, reference,
       provider_ref, failure_code, failure_message, created_at, updated_at
FROM reversal
WHERE id = :#reversalId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
