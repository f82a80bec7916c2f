-- The same index with a short pending list (decision 0071): set in place, not rebuilt.
ALTER INDEX "items_listings_idx" SET (gin_pending_list_limit = 128);
