INSERT INTO merchant (id, vendor, name, email, status, demo, created_at)
VALUES (:#id, :#vendor, :#name, :#email, :#status, :#demo, :#createdAt)
