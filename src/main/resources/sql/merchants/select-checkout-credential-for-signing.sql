-- The credential an order was created with signs its callback; if it has been revoked since,
-- the merchant's newest active credential of the same mode does.
SELECT c.id, c.merchant_id, c.api_key, c.secret_sealed, c.previous_secret_sealed, c.previous_valid_until,
       c.livemode, c.status, m.vendor, m.name AS merchant_name, m.status AS merchant_status
FROM checkout_credential c
JOIN merchant m ON m.id = c.merchant_id
WHERE c.merchant_id = :#merchantId
  AND c.livemode = :#livemode
  AND c.status = 'ACTIVE'
ORDER BY CASE WHEN c.id = :#credentialId THEN 0 ELSE 1 END, c.created_at DESC
LIMIT 1
