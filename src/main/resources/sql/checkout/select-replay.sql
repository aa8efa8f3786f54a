SELECT response_status, response_body
FROM checkout_replay
WHERE credential_id = :#credentialId
  AND fingerprint = :#fingerprint
