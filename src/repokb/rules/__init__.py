"""Classification rules as data; see tables.py."""
