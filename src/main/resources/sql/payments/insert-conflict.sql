INSERT INTO settlement_conflict (id, merchant_id, livemode, subject_type, subject_id, provider, event_key,
                                 status_before, reported, provider_ref, resolution, compensation_id, detail, created_at)
VALUES (:#id, :#merchantId, :#livemode, :#subjectType, :#subjectId, :#provider, :#eventKey, :#statusBefore,
        :#reported, :#providerRef, :#resolution, :#compensationId, :#detail, :#now)
