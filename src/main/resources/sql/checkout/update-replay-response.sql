UPDATE checkout_replay
SET response_status = :#status,
    response_body = :#body
WHERE credential_id = :#credentialId
  AND fingerprint = :#fingerprint
  AND response_status IS NULL
