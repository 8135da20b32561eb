-- Demo exchange rates into ISK (ISK per one unit of the currency, times 1,000,000). They apply from 2000 on, so
-- every clock sees them; an operator adds newer rows with a later valid_from and the newest one wins.
INSERT INTO "fx_rates" ("currency", "isk_per_unit_micros", "valid_from") VALUES
	('USD', 138500000, '2000-01-01T00:00:00Z'),
	('EUR', 145200000, '2000-01-01T00:00:00Z'),
	('GBP', 170400000, '2000-01-01T00:00:00Z'),
	('DKK', 19470000, '2000-01-01T00:00:00Z'),
	('SEK', 12950000, '2000-01-01T00:00:00Z'),
	('NOK', 12600000, '2000-01-01T00:00:00Z')
ON CONFLICT ("currency", "valid_from") DO NOTHING;
