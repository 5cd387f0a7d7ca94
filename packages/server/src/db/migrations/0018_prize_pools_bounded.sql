-- Placeholder: filled in by the work on issue #28 (this migration's part).
SELECT 1;
