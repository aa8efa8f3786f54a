SELECT operation
FROM signature_use
WHERE credential_id = :#credentialId
  AND signature = :#signature
