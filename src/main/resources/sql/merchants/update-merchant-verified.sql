-- MerchantStatus: UNVERIFIED -> VERIFIED (again VERIFIED is a no-op; a SUSPENDED merchant stays so).
UPDATE merchant
SET status = 'VERIFIED',
    verified_at = COALESCE(verified_at, :#${exchangeProperty.malipoNow})
WHERE id = :#${exchangeProperty.malipoMerchantId}
  AND status IN ('UNVERIFIED', 'VERIFIED')
