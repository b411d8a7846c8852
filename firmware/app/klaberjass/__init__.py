"""Klaberjass's screens: the table and bidding, the round summary and result,
the 128x64 layout and the 240x240 panel (docs/ARCHITECTURE.md)."""
