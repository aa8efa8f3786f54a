SELECT credential_id, fingerprint, response_body
FROM checkout_replay
WHERE response_body LIKE 'v1.%'
