-- Reports that contradicted how a payment or one of its reversals had ended, oldest first, only
-- if they are the merchant's and of the mode asked. Read into SettlementConflictView.
SELECT id, seq, merchant_id, livemode, subject_type, subject_id, provider, event_key, status_before, reported,
       provider_ref, resolution, compensation_id, detail, created_at
FROM settlement_conflict
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND ((subject_type = 'PAYMENT' AND subject_id = :#paymentId)
       OR (subject_type = 'REVERSAL' AND subject_id IN (SELECT id FROM reversal WHERE payment_id = :#paymentId)))
ORDER BY seq
