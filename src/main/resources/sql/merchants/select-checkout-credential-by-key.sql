SELECT c.id, c.merchant_id, c.api_key, c.secret_sealed, c.previous_secret_sealed, c.previous_valid_until,
       c.livemode, c.status, m.vendor, m.name AS merchant_name, m.status AS merchant_status
FROM checkout_credential c
JOIN merchant m ON m.id = c.merchant_id
WHERE c.api_key IN (:#in:candidates)
