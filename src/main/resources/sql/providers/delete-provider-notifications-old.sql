DELETE FROM provider_notification
WHERE received_at < :#before
