SELECT id, secret_sealed
FROM webhook_endpoint
WHERE secret_sealed LIKE 'v1.%'
