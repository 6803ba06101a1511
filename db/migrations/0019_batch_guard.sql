-- The guard of a batch (db/batch.ts): a guarded batch starts by writing, into this one row, whether its
-- condition holds. The CHECK refuses the write when it does not, so SQLite stops the batch at its first
-- statement and rolls it back whole; the error names the constraint, which is how the guard is told apart
-- from every other failure.
CREATE TABLE batch_guard (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  held INTEGER NOT NULL CONSTRAINT batch_guard_condition_holds CHECK (held = 1)
);
