-- A payment's reversals, oldest first, only if it is the merchant's and of the mode asked. Read
-- into PaymentReversal.
SELECT id, status, amount, fee_refunded, currency, reason, automatic, merchant_reference,
       reference AS gateway_reference, provider_ref AS provider_reference, failure_code, failure_message,
       created_at, updated_at
FROM reversal
WHERE payment_id = :#paymentId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
ORDER BY created_at, seq
