-- The first report of an event claims its key (a ProviderEvent); a repeat inserts nothing.
INSERT INTO provider_event (provider, event_key, payment_id, outcome, provider_ref, failure_code, failure_message,
                            received_at)
VALUES (:#provider, :#eventKey, :#paymentId, :#outcome, :#providerRef, :#failureCode, :#failureMessage, :#now)
ON CONFLICT DO NOTHING
