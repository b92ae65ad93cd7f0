"""Files in and out: exports of the current X (json/csv/tex without Qt, png/svg with it)."""
