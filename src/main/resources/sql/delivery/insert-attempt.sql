INSERT INTO delivery_attempt (id, delivery_id, attempt, attempted_at, duration_ms, status_code, error, answer,
                              instance)
VALUES (:#attemptId, :#id, :#attempt, :#attemptedAt, :#durationMs, :#statusCode, :#error, :#answer, :#instance)
