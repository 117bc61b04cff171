"""Generic, domain-free helpers: atomic files, locks, privilege drop, slugs, errors."""
