-- How a merchant's collections went in one mode since a day, and today, by channel, provider and
-- currency, as PaymentFigures.ChannelFigures (the dashboard's home). Finished means the payer
-- answered: SUCCEEDED, FAILED, or REVERSED (which had succeeded); volume is what succeeded.
SELECT channel, provider, currency,
       SUM(CASE WHEN created_at >= :#todayFrom THEN 1 ELSE 0 END) AS today_made,
       SUM(CASE WHEN created_at >= :#todayFrom AND status <> 'PENDING' THEN 1 ELSE 0 END) AS today_finished,
       SUM(CASE WHEN created_at >= :#todayFrom AND status IN ('SUCCEEDED', 'REVERSED') THEN 1 ELSE 0 END)
           AS today_succeeded,
       SUM(CASE WHEN created_at >= :#todayFrom AND status IN ('SUCCEEDED', 'REVERSED') THEN amount ELSE 0 END)
           AS today_volume,
       COUNT(*) AS made,
       SUM(CASE WHEN status <> 'PENDING' THEN 1 ELSE 0 END) AS finished,
       SUM(CASE WHEN status IN ('SUCCEEDED', 'REVERSED') THEN 1 ELSE 0 END) AS succeeded,
       SUM(CASE WHEN status IN ('SUCCEEDED', 'REVERSED') THEN amount ELSE 0 END) AS volume
FROM payment
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND created_at >= :#since
GROUP BY channel, provider, currency
ORDER BY currency, volume DESC, channel, provider
