UPDATE merchant
SET status = 'VERIFIED',
    verified_at = COALESCE(verified_at, :#${exchangeProperty.malipoNow})
WHERE id = :#${exchangeProperty.malipoMerchantId}
  AND status IN ('UNVERIFIED', 'VERIFIED')
