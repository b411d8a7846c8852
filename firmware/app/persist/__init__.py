"""What the app keeps across power cycles: the storage format, the saved game,
settings and statistics, game records and Continue (docs/ARCHITECTURE.md)."""
