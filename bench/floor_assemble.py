#!/usr/bin/env python3
"""The floor shelldon-assemble is held to: a plain click script that opens history.db
read-only and runs one ranked full-text query (bm25, LIMIT 8) for the question.

    python bench/floor_assemble.py DB QUESTION
"""
import sqlite3

import click


@click.command()
@click.argument("db", type=click.Path(exists=True, dir_okay=False))
@click.argument("question")
def main(db, question):
    # each word quoted, OR-ed: what recall does with a message, so no word is query syntax
    expression = " OR ".join('"' + word.replace('"', '""') + '"' for word in question.split())
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = conn.execute("SELECT m.content FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid "
                        "WHERE messages_fts MATCH ? ORDER BY bm25(messages_fts) LIMIT 8",
                        (expression,)).fetchall()
    click.echo("\n".join(content for (content,) in rows))


if __name__ == "__main__":
    main()
