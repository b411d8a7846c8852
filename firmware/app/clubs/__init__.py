"""Clubs' screens: the table, the deal and pass, the tricks, the summaries
and result, the 128x64 layout and the 240x240 panel (docs/ARCHITECTURE.md)."""
