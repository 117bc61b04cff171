"""The only writers: home/init, history, migrations, curated memory, journal, apply, dream, raw/prune."""
