"""The games a table can play, and the one way a table is opened."""
