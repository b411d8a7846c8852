"""Clubbed's screens: the table (240x135, with its 240x240 panel), the 128x64
layout and the result screen (docs/ARCHITECTURE.md)."""
