UPDATE checkout_replay
SET response_body = :#responseBody
WHERE credential_id = :#credentialId
  AND fingerprint = :#fingerprint
