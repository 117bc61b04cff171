"""The floor a short stage is compared with: open history.db read-only, run one FTS query."""
import sqlite3
import sys

conn = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
rows = conn.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? "
                    "ORDER BY bm25(messages_fts) LIMIT 8", (sys.argv[2],)).fetchall()
print(len(rows))
